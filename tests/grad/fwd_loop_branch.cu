// cuad: fwd --fn k --wrt x,c,out
// A kernel with a loop carrying a value across iterations and a branch on it.
__global__ void k(int n, int m, const double* x, const double* c, double* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double acc = 0.0;
  double v = x[i];
  for (int j = 0; j < m; ++j) {
    if (v > 0.0) {
      acc += c[j] * v;
      v = v * 0.5 - c[j];
    } else {
      acc -= v * v;
      v = v + 0.3 * c[j];
    }
  }
  out[i] = acc * v;
}
