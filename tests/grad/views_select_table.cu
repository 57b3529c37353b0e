// cuad: --fn select_table --wrt x,y
// cuad: fwd --fn select_table --wrt x,y
// A device helper picks its operands through a local pointer table and a view chosen by a
// conditional (`View v = f ? va : vb;`); the kernel passes it global memory and a thread's
// local array, so the table's adjoint entries point into either.
struct View {
  const float* p;
  int s;
};

__device__ float pick_dot(const float* a, const float* b, int f) {
  const float* t[2] = {a, b};
  View va{a, 1}, vb{b, 2};
  View v = f ? va : vb;
  return t[f][0] * t[1 - f][1] + v.p[0] * v.p[v.s];
}

__global__ void select_table(const float* x, float* y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float loc[3] = {2.0f * x[3 * i], x[3 * i + 1] * x[3 * i + 2], x[3 * i + 2]};
  y[i] = pick_dot(x + 3 * (i / 2), loc, i & 1);
}
