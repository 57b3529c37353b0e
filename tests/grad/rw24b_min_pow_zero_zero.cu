// cuad: fwd --fn k
// cuad: --fn k
// Minimal: pow(x, e) with an integer exponent e = 0 at x = 0. The function is the constant 1
// (C's pow(x, 0) is 1 for every x), so d/dx is 0; cuad's rule e * pow(x, e - 1) evaluates
// 0 * pow(0, -1) = 0 * inf = NaN in both modes (PyTorch masks exponent == 0 to 0 for this
// reason). Mass-action rate laws hit it whenever a species a reaction does not use is
// absent: q *= pow(c[s], nu[s]) with nu[s] = 0, c[s] = 0.
__global__ void k(const double* x, const int* e, double* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  y[i] = 2.0 * pow(x[i], (double)e[i]) + x[i];
}
