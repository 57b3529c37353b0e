// cuad: --fn matvec --wrt y,A,x
// Matrix-vector product, one row per thread: every thread reads all of x.
__global__ void matvec(double* y, const double* A, const double* x, int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r < rows) {
    double s = 0.0;
    for (int c = 0; c < cols; ++c) s += A[r * cols + c] * x[c];
    y[r] = s;
  }
}
