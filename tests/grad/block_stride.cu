// cuad: --fn rows_own --wrt y,x
// cuad: --fn rows_overlap --wrt y,x
// Block-stride loops (`j = threadIdx.x; j < cols; j += blockDim.x`) over a block's row: the
// rows are disjoint, so `rows_own`'s adjoint updates are plain `+=`; `rows_overlap` reads
// into the next row (`j < cols + 2`), where another block's threads update the same
// elements, so its updates must stay atomic.
__global__ void rows_own(double* y, const double* x, int cols) {
  const double* xr = x + blockIdx.x * cols;
  for (int j = threadIdx.x; j < cols; j += blockDim.x) y[blockIdx.x * cols + j] = sin(xr[j]) * xr[j];
}

__global__ void rows_overlap(double* y, const double* x, int cols) {
  double acc = 0.0;
  for (int j = threadIdx.x; j < cols + 2; j += blockDim.x) acc += x[blockIdx.x * cols + j] * x[blockIdx.x * cols + j];
  y[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}
