// cuad: --fn implicit_solve --wrt x,a,b
// Per-thread Newton iteration with a fixed tolerance: solve x^3 + a x - b = 0 starting at the
// input x; data-dependent trip count (while loop with break and an iteration cap).
#define TOL 1e-12
constexpr int MAX_IT = 50;

__device__ double residual(double x, double a, double b) { return x * x * x + a * x - b; }

__global__ void implicit_solve(double* x, const double* a, const double* b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double xi = x[i];
  double ai = a[i], bi = b[i];
  int it = 0;
  while (it < MAX_IT) {
    double f = residual(xi, ai, bi);
    double df = 3.0 * xi * xi + ai;
    double dx = f / df;
    xi -= dx;
    ++it;
    if (fabs(dx) < TOL) break;
  }
  x[i] = xi * xi + bi;
}
