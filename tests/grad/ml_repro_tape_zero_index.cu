// cuad: --fn k --wrt y,x
__global__ void k(double* y, const double* x, int n) {
  double s = 0.0;
  for (int i = threadIdx.x; i < n; i += blockDim.x) {
    const int p = i % n;
    s += x[p];
  }
  for (int i = threadIdx.x; i < n; i += blockDim.x) {
    const int p = i % n;
    y[p] = x[p] * s;
  }
}
