// cuad: --fn first_hit --wrt out,x,g
// A kernel that returns from inside its loop (after writing its output) once a running
// value crosses a data-dependent level; threads that never hit it write after the loop.
__global__ void first_hit(double* out, const double* x, double g, int n, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double v = 0.0;
  for (int k = 0; k < m; ++k) {
    v = v * g + x[i * m + k];
    if (v > 1.2) {
      out[i] = v * x[i * m];
      return;
    }
    if (v < -1.5) {
      out[i] = -v;
      return;
    }
  }
  out[i] = exp(v);
}
