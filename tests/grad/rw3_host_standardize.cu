// cuad: --fn standardize --wrt x,gain,y
// cuad: fwd --fn standardize
// Standardize a vector on the GPU with the reductions finished on the host: per-block partial
// sums (shared-memory tree) copied back and summed in a host loop, the mean passed to a second
// kernel, the variance the same way, then y = gain * (x - mean) / sqrt(var + eps). Returns the
// variance; the grid is computed from n.
#include <cuda_runtime.h>
#include <cmath>
#include <cstdlib>

#define BLOCK 64

__global__ void partial_sums(const double* x, double* partial, double shift, int n) {
  __shared__ double s[BLOCK];
  int i = blockIdx.x * BLOCK + threadIdx.x;
  double v = i < n ? x[i] - shift : 0.0;
  s[threadIdx.x] = v * (shift == 0.0 ? 1.0 : v);
  __syncthreads();
  for (int stride = BLOCK / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) s[threadIdx.x] += s[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) partial[blockIdx.x] = s[0];
}

__global__ void apply_norm(const double* x, double* y, const double* gain, double mean,
                           double inv_std, int n) {
  int i = blockIdx.x * BLOCK + threadIdx.x;
  if (i < n) y[i] = gain[i % 4] * (x[i] - mean) * inv_std;
}

double standardize(const double* x, const double* gain, double* y, int n) {
  const int blocks = (n + BLOCK - 1) / BLOCK;
  double *d_x, *d_y, *d_g, *d_part;
  cudaMalloc(&d_x, n * sizeof(double));
  cudaMalloc(&d_y, n * sizeof(double));
  cudaMalloc(&d_g, 4 * sizeof(double));
  cudaMalloc(&d_part, blocks * sizeof(double));
  cudaMemcpy(d_x, x, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_g, gain, 4 * sizeof(double), cudaMemcpyHostToDevice);
  double* part = (double*)malloc(blocks * sizeof(double));
  partial_sums<<<blocks, BLOCK>>>(d_x, d_part, 0.0, n);
  cudaMemcpy(part, d_part, blocks * sizeof(double), cudaMemcpyDeviceToHost);
  double sum = 0.0;
  for (int b = 0; b < blocks; ++b) sum += part[b];
  const double mean = sum / n;
  partial_sums<<<blocks, BLOCK>>>(d_x, d_part, mean, n);
  cudaMemcpy(part, d_part, blocks * sizeof(double), cudaMemcpyDeviceToHost);
  double sq = 0.0;
  for (int b = 0; b < blocks; ++b) sq += part[b];
  const double var = sq / n;
  apply_norm<<<blocks, BLOCK>>>(d_x, d_y, d_g, mean, 1.0 / sqrt(var + 1e-5), n);
  cudaMemcpy(y, d_y, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_x);
  cudaFree(d_y);
  cudaFree(d_g);
  cudaFree(d_part);
  free(part);
  return var;
}
