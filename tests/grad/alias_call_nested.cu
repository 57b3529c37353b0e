// cuad: --fn k
// cuad: fwd --fn k
// One local for an input and an output of helpers, the input taken by value
// (`sq_add_val(v, a, v)`: the pullback needs v as it was), one local array for a pointer it
// reads and one it writes (`mix2(y, y, a)`, the second store reading the first), and a helper
// passing its merged parameters on (`outer(u, a, u)` calls `sq_add(x, a, out)`).
__device__ void sq_add_val(double x, double a, double& out) { out = a * x + x * x; }
__device__ void sq_add(const double& x, double a, double& out) { out = a * x + x * x; }
__device__ void mix2(const double* x, double* y, double s) {
  y[0] = s * x[0] * x[1];
  y[1] = s * x[1] + y[0] * x[0];
}
__device__ void outer(const double& x, double a, double& out) {
  sq_add(x, a, out);
  out = out * x;
}

__global__ void k(const double* p, double* out, double a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double v = p[2 * i], u = p[2 * i + 1];
  double y[2] = {v * u, u - v};
  sq_add_val(v, a, v);
  mix2(y, y, a);
  outer(u, a, u);
  out[2 * i] = v + y[0] * u;
  out[2 * i + 1] = y[1];
}
