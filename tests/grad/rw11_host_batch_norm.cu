// cuad: --fn batch_center --wrt x,g,y
// cuad: fwd --fn batch_center --wrt x,g,y
// A status-returning host function (early `return -1` on bad sizes, 0 on success) that loops
// over batches: per batch it zeroes an accumulator with cudaMemset, launches a sum kernel
// (atomicAdd) on d_x + b * n, copies the sum into a host scalar, centres the batch with a
// second kernel into a temporary using the host-computed mean, applies a gated nonlinearity
// with a third kernel into d_y + b * n, and finally copies the whole result back once.
#include <cuda_runtime.h>

__global__ void bsum(const double* x, double* acc, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(acc, x[i] * x[i] + x[i]);
}
__global__ void center(const double* x, double* tmp, double mean, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) tmp[i] = x[i] - mean;
}
__global__ void gate(const double* tmp, const double* g, double* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = tmp[i] / (1.0 + exp(-g[i] * tmp[i]));
}

int batch_center(const double* x, const double* g, double* y, int nb, int n) {
  if (nb <= 0 || n <= 0) return -1;
  double *d_x, *d_g, *d_y, *d_tmp, *d_acc;
  cudaMalloc(&d_x, nb * n * sizeof(double));
  cudaMalloc(&d_g, n * sizeof(double));
  cudaMalloc(&d_y, nb * n * sizeof(double));
  cudaMalloc(&d_tmp, n * sizeof(double));
  cudaMalloc(&d_acc, sizeof(double));
  cudaMemcpy(d_x, x, nb * n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_g, g, n * sizeof(double), cudaMemcpyHostToDevice);
  const int threads = 32, blocks = (n + threads - 1) / threads;
  for (int b = 0; b < nb; ++b) {
    cudaMemset(d_acc, 0, sizeof(double));
    bsum<<<blocks, threads>>>(d_x + b * n, d_acc, n);
    double s = 0.0;
    cudaMemcpy(&s, d_acc, sizeof(double), cudaMemcpyDeviceToHost);
    double mean = s / n;
    center<<<blocks, threads>>>(d_x + b * n, d_tmp, mean, n);
    gate<<<blocks, threads>>>(d_tmp, d_g, d_y + b * n, n);
  }
  cudaMemcpy(y, d_y, nb * n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_x);
  cudaFree(d_g);
  cudaFree(d_y);
  cudaFree(d_tmp);
  cudaFree(d_acc);
  return 0;
}
