// cuad: --fn cl --wrt y,x
// A constexpr local used as the size of a local array.
__global__ void cl(double* y, const double* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    constexpr int m = 3;
    double acc[m];
    for (int j = 0; j < m; ++j) acc[j] = x[i] * (j + 1.0);
    y[i] = acc[0] * acc[m - 1] + y[i];
  }
}
