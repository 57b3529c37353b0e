// cuad: fwd --fn ragged
// cuad: --fn ragged
// Loops whose trip counts come from the data: a CSR row loop bounded by an int row-pointer
// array, a while loop summing decaying terms until the running sum passes a per-row real
// threshold (the count is used as a value too), a do-while halving a value until it drops to
// 1 or below, and a nested search loop left with break when a product passes a bound. The
// driver keeps every real comparison away from its switching point by far more than the
// finite-difference step. 1: forward mode; 2: reverse mode on the same kernel.
__device__ double decay_term(double x, int k) { return exp(-0.1 * k) * (x * x + 0.2); }

__global__ void ragged(int rows, const int* rowptr, const int* col, const double* vals,
                       const double* x, const double* thresh, double g, double* out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= rows) return;
  double acc = 0.0;
  for (int k = rowptr[i]; k < rowptr[i + 1]; ++k) acc += vals[k] * x[col[k]];
  double s = 0.0;
  int cnt = 0;
  while (s < thresh[i]) {
    s += decay_term(x[i], cnt);
    ++cnt;
  }
  double v = 1.0 + 20.0 * x[i] * x[i] + acc * acc;
  int halvings = 0;
  do {
    v *= 0.5;
    ++halvings;
  } while (v > 1.0);
  double prod = 1.0;
  int found = -1;
  for (int a = 0; a < 4 && found < 0; ++a) {
    for (int b = 0; b < 6; ++b) {
      prod *= 1.0 + 0.3 * x[(i + a + b) % rows] * x[(i + a + b) % rows];
      if (prod > 2.0) {
        found = a * 6 + b;
        break;
      }
    }
  }
  out[3 * i] = acc + s - 0.5 * thresh[i] + 0.01 * cnt;
  out[3 * i + 1] = g * v * halvings;
  out[3 * i + 2] = prod * (found + 1);
}
