// cuad: --fn smooth_iterate --wrt x0,out,alpha
// A host loop clears scratch buffers with cudaMemset / cudaMemsetAsync (on a stream), kernels
// accumulate into them (`t[i] += ...`, an atomicAdd into a one-element total), and a later
// kernel reads both; the state buffers are swapped with std::swap. The reverse of each
// iteration needs the scratch values of that iteration: a memset overwrites its buffer like a
// kernel storing into it, so the old contents are checkpointed and restored at its reverse.
#include <cuda_runtime.h>
#include <utility>

__global__ void accumulate_sq(const double* x, double* t, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) t[i] += x[i] * x[i];
}

__global__ void accumulate_total(const double* x, double* total, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(total, x[i]);
}

__global__ void mix(const double* t, const double* total, const double* x, double* y,
                    double alpha, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = alpha * x[i] * t[i] + x[i] + 0.1 * total[0] * x[i];
}

void smooth_iterate(const double* x0, double* out, double alpha, int n, int iters) {
  double *d_x, *d_y, *d_t, *d_total;
  cudaStream_t stream;
  cudaStreamCreate(&stream);
  cudaMalloc(&d_x, n * sizeof(double));
  cudaMalloc(&d_y, n * sizeof(double));
  cudaMalloc(&d_t, n * sizeof(double));
  cudaMalloc(&d_total, sizeof(double));
  cudaMemcpy(d_x, x0, n * sizeof(double), cudaMemcpyHostToDevice);
  for (int it = 0; it < iters; ++it) {
    cudaMemset(d_t, 0, n * sizeof(double));
    cudaMemsetAsync(d_total, 0, sizeof(double), stream);
    cudaStreamSynchronize(stream);
    accumulate_sq<<<1, 32>>>(d_x, d_t, n);
    accumulate_total<<<1, 32>>>(d_x, d_total, n);
    mix<<<1, 32>>>(d_t, d_total, d_x, d_y, alpha, n);
    std::swap(d_x, d_y);
  }
  cudaMemcpy(out, d_x, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_x);
  cudaFree(d_y);
  cudaFree(d_t);
  cudaFree(d_total);
  cudaStreamDestroy(stream);
}
