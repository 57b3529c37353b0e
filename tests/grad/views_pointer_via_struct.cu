// cuad: --fn via_struct --wrt x,y
// cuad: fwd --fn via_struct --wrt x,y
// A local pointer taken from a view's field that points at a local array (`v.p = buf;
// float* q = v.p;`): stores through `q` reach `buf`, whose adjoint `_d_q` points at through
// `_d_v.p` (once a located error: cuad could not tell what `q` pointed to).
struct View {
  float* p;
  int n;
};

__global__ void via_struct(const float* x, float* y, int n) {
  int i = threadIdx.x;
  if (i >= n) return;
  float buf[2];
  View v;
  v.p = buf;
  v.n = 2;
  float* q = v.p;
  q[0] = x[i] * x[i];
  q[1] = sinf(x[i]) * buf[0];
  y[i] = buf[0] + buf[v.n - 1] * q[0];
}
