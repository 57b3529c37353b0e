// cuad: --fn cubic_root --wrt root,a,b
// Newton's method per thread with a tolerance: the trip count depends on the data.
// Solves r^3 + a r - b = 0 (a > 0, so a single real root).
__global__ void cubic_root(double* root, const double* a, const double* b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double r = b[i];
    double step = 1.0;
    int it = 0;
    while (fabs(step) > 1e-13 && it < 60) {
      double f = r * r * r + a[i] * r - b[i];
      double df = 3.0 * r * r + a[i];
      step = f / df;
      r -= step;
      it++;
    }
    root[i] = r;
  }
}
