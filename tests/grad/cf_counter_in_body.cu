// cuad: --fn skip_pairs --wrt out,x
// The loop counter is also advanced inside the body on a data-dependent condition (skip the
// next entry when this one is negative), a common scan-with-skip pattern.
__global__ void skip_pairs(double* out, const double* x, int n, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double s = 0.0;
  for (int k = 0; k < m; ++k) {
    double v = x[i * m + k];
    s = s * 0.8 + v * v;
    if (v < 0.0) ++k;
  }
  out[i] = s;
}
