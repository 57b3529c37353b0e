// cuad: --fn k --wrt y,x
__global__ void k(double* y, const double* x, int n) {
  const int o = blockIdx.x * blockDim.x + threadIdx.x;
  const int r = threadIdx.y;
  y[r * n + o] = x[o] * (r + 1);
}
