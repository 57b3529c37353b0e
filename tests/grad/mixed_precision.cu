// cuad: --fn row_norms --wrt out,in
// float inputs accumulated in double, written to a double output.
__global__ void row_norms(double* out, const float* in, int rows, int m) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r < rows) {
    double s = 0.0;
    for (int j = 0; j < m; ++j) {
      double v = in[r * m + j];
      s += v * v;
    }
    out[r] = sqrt(s) + (double)in[r * m] * 0.5f;
  }
}
