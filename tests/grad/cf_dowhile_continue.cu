// cuad: --fn skip_do --wrt out,x
// `continue` inside a do-while jumps to the condition; a nested for with an inner break that
// only leaves the inner loop.
__global__ void skip_do(double* out, const double* x, int n, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double s = 0.0;
  int k = 0;
  do {
    double v = x[i * m + k];
    ++k;
    if (v < 0.0) continue;
    s = s * 0.5 + v * v;
  } while (k < m);
  for (int a = 0; a < m; ++a) {
    for (int b = a; b < m; ++b) {
      double p = x[i * m + a] * x[i * m + b];
      if (p > 0.5) break;
      s += sin(p);
    }
  }
  out[i] = s;
}
