// cuad: --fn view_local --wrt x,y
// cuad: --fn view_copy --wrt in,y
// cuad: fwd --fn view_local --wrt x,y
// Minimal: a kernel-local struct holding a pointer to differentiated memory, built by brace
// initialization from a parameter (view_local) or copied from a struct parameter and offset
// (view_copy). The adjoint view's pointer `_d_v.p` is assigned where `v.p` is (before: it
// stayed null and the reverse pass added through it).
struct View {
  const float* p;
  int stride;
};

__global__ void view_local(const float* x, float* y, int n) {
  const int i = threadIdx.x;
  if (i >= n) return;
  View v{x + i, n};
  y[i] = v.p[0] * v.p[v.stride];
}

__global__ void view_copy(View in, float* y, int n) {
  const int i = threadIdx.x;
  if (i >= n) return;
  View v = in;
  v.p += i;
  y[i] = v.p[0] * v.p[v.stride];
}
