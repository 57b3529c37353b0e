// cuad: --fn pipeline --wrt y,x,a
// Host function launching two kernels in sequence on the same buffer (the first in place),
// with dim3 configuration variables; the scalar a's adjoint returns to the host.
__global__ void scale_kernel(double* x, double a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= a * x[i];
}

__global__ void tanh_kernel(double* y, const double* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = tanh(x[i]) + x[i];
}

void pipeline(double* y, const double* x, double a, int n) {
  double *d_x = nullptr, *d_y = nullptr;
  size_t bytes = n * sizeof(double);
  cudaMalloc(&d_x, bytes);
  cudaMalloc(&d_y, bytes);
  cudaMemcpy(d_x, x, bytes, cudaMemcpyHostToDevice);
  dim3 block(64);
  dim3 grid((n + block.x - 1) / block.x);
  scale_kernel<<<grid, block>>>(d_x, a, n);
  tanh_kernel<<<grid, block>>>(d_y, d_x, n);
  cudaDeviceSynchronize();
  cudaMemcpy(y, d_y, bytes, cudaMemcpyDeviceToHost);
  cudaFree(d_x);
  cudaFree(d_y);
}
