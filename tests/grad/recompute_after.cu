// cuad: --fn after_loop --wrt out,a
// A loop reversed by recomputing its iterations, whose last iteration's values are
// overwritten after the loop: the first reverse iteration (which does not re-run the body)
// must see them restored.
__global__ void after_loop(double* out, const double* a, int n, int iters) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double x = a[i];
    double y = 0.0;
    double z = 0.0;
    for (int k = 0; k < iters; ++k) {
      y = sin(x * (k + 1));
      z = y * y + x;
      if (z > 0.5) {
        z = sqrt(z);
      }
      x = x * 0.8 + 0.1 * z * y;
    }
    double keep = z * y;
    y = cos(x) + y * y;
    z = exp(-z);
    out[i] = keep + y * z;
  }
}
