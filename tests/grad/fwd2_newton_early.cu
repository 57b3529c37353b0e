// cuad: fwd --fn solve
// Per-thread Newton iteration for x^3 + a x - b = 0 with a tolerance break, and an early
// return for invalid inputs that writes a fallback value.
__device__ double cube_root_newton(double a, double b, double x0) {
  double x = x0;
  for (int it = 0; it < 50; ++it) {
    double f = x * x * x + a * x - b;
    double df = 3.0 * x * x + a;
    double step = f / df;
    x -= step;
    if (fabs(step) < 1e-14) break;
  }
  return x;
}
__global__ void solve(int n, const double* a, const double* b, double* x) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  if (a[i] <= 0.0) {
    x[i] = b[i] / 3.0;
    return;
  }
  x[i] = cube_root_newton(a[i], b[i], 1.0);
}
