// cuad: --fn logcosh_loss --wrt pred,target,weight
// A host function returning a scalar loss through two of Mark Harris' reduction kernels in
// sequence, in float with a static `__shared__ float sdata[THREADS]`:
// - reduce3 ("first add during global load"): each thread of a 64-thread block loads two
//   elements, `i = blockIdx.x * (blockDim.x * 2) + threadIdx.x` and `i + blockDim.x`, maps them
//   through a weighted log-cosh residual and adds them before the sequential-addressing tree
//   `for (s = blockDim.x / 2; s > 0; s >>= 1) if (tid < s) ...`; one partial per block;
// - reduce2 (sequential addressing, one element per thread) run as a single block over the
//   partials to finish the sum on the device.
// The host copies the one value back and scales it. n leaves the last block partial.
#include <cuda_runtime.h>

#define THREADS 64

__device__ float logcosh_term(float p, float t, float w) {
  float d = p - t;
  return w * logf(coshf(d));
}

__global__ void reduce3(const float* pred, const float* target, const float* weight,
                        float* g_odata, unsigned int n) {
  __shared__ float sdata[THREADS];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;
  float mySum = (i < n) ? logcosh_term(pred[i], target[i], weight[i]) : 0.0f;
  if (i + blockDim.x < n)
    mySum += logcosh_term(pred[i + blockDim.x], target[i + blockDim.x], weight[i + blockDim.x]);
  sdata[tid] = mySum;
  __syncthreads();
  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) sdata[tid] = mySum = mySum + sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0) g_odata[blockIdx.x] = mySum;
}

__global__ void reduce2(const float* g_idata, float* g_odata, unsigned int n) {
  __shared__ float sdata[THREADS];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = (i < n) ? g_idata[i] : 0.0f;
  __syncthreads();
  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}

float logcosh_loss(const float* pred, const float* target, const float* weight, int n) {
  const unsigned int blocks = (n + THREADS * 2 - 1) / (THREADS * 2);
  const size_t bytes = n * sizeof(float);
  float *d_pred, *d_target, *d_weight, *d_partial, *d_total;
  cudaMalloc(&d_pred, bytes);
  cudaMalloc(&d_target, bytes);
  cudaMalloc(&d_weight, bytes);
  cudaMalloc(&d_partial, blocks * sizeof(float));
  cudaMalloc(&d_total, sizeof(float));
  cudaMemcpy(d_pred, pred, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(d_target, target, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(d_weight, weight, bytes, cudaMemcpyHostToDevice);
  reduce3<<<blocks, THREADS>>>(d_pred, d_target, d_weight, d_partial, n);
  reduce2<<<1, THREADS>>>(d_partial, d_total, blocks);
  float total = 0.0f;
  cudaMemcpy(&total, d_total, sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(d_pred);
  cudaFree(d_target);
  cudaFree(d_weight);
  cudaFree(d_partial);
  cudaFree(d_total);
  return total / n;
}
