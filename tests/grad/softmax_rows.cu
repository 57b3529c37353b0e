// cuad: --fn softmax_rows --wrt out,in
// Row-wise softmax, one row per thread: running max (fmax), exp, sum, normalize.
__global__ void softmax_rows(double* out, const double* in, int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  const double* row = in + r * cols;
  double m = row[0];
  for (int c = 1; c < cols; ++c) m = fmax(m, row[c]);
  double sum = 0.0;
  for (int c = 0; c < cols; ++c) {
    double e = exp(row[c] - m);
    out[r * cols + c] = e;
    sum += e;
  }
  for (int c = 0; c < cols; ++c) out[r * cols + c] /= sum;
}
