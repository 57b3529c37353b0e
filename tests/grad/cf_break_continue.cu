// cuad: --fn accum_until --wrt out,x,c
// Per-thread loop over a row: skip small entries (continue), stop once the running value
// passes a data-dependent threshold (break); the scalar is overwritten every iteration.
__global__ void accum_until(double* out, const double* x, double c, int n, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double s = 0.5;
  int used = 0;
  for (int k = 0; k < m; ++k) {
    double v = x[i * m + k];
    if (fabs(v) < 0.3) continue;
    s = s * v + c * sin(s);
    ++used;
    if (s * s > 1.5) break;
  }
  out[i] = s + 0.1 * used;
}
