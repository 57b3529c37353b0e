// cuad: --fn k --wrt y,x
__global__ void k(double* y, const double* x, int n) {
  extern __shared__ double smem[];
  double* xs = smem;
  xs[threadIdx.x] = x[threadIdx.x];
  __syncthreads();
  y[threadIdx.x] = xs[(threadIdx.x + 1) % n] * 2.0;
}
