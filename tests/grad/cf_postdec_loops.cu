// cuad: --fn backwards --wrt out,x
// Countdown loops in their idiomatic forms: `while (k-- > 0)` and an unsigned
// `for (unsigned k = m; k-- > 0;)`, each overwriting a scalar recurrence.
__global__ void backwards(double* out, const double* x, int n, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double h = 0.0;
  int k = m;
  while (k-- > 0) h = h * 0.7 + x[i * m + k] * x[i * m + k];
  double g = 1.0;
  for (unsigned j = m; j-- > 0;) g = g * cos(x[i * m + j]) + 0.1 * h;
  out[i] = h + g;
}
