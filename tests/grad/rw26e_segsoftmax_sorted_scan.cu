// cuad: --fn seg_exp_sum --wrt x,inv_temp,seg_sum
// cuad: --fn segment_softmax --wrt x,inv_temp,y
// Softmax over segments given by sorted keys (the edge softmax of a graph whose edges are
// sorted by destination). Each warp takes 32 consecutive entries, runs an inclusive
// segmented scan of exp(x * inv_temp) with __shfl_up_sync (a lane only adds a partial from a
// lane holding the same key: with sorted keys, everything in between is the same segment),
// and the last lane of each run inside the warp adds its running total into seg_sum[key]
// with atomicAdd (a segment spanning warps gets several adds). A second kernel divides.
// Keys are 64-bit; the host function owns the device buffers.
#include <cuda_runtime.h>
#include <cstdint>

#define FULL 0xffffffffu

__global__ void seg_exp_sum(const int64_t* __restrict__ keys, const double* __restrict__ x,
                            const double* __restrict__ inv_temp, int n, double* __restrict__ seg_sum) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int lane = threadIdx.x & 31;
  const bool valid = i < n;
  const int64_t key = valid ? keys[i] : (int64_t)-1;
  double v = valid ? exp(x[i] * inv_temp[0]) : 0.0;
#pragma unroll
  for (int off = 1; off < 32; off <<= 1) {
    const double t = __shfl_up_sync(FULL, v, off);
    const int64_t k = __shfl_up_sync(FULL, key, off);
    if (lane >= off && k == key) v += t;
  }
  const int64_t next = __shfl_down_sync(FULL, key, 1);
  const bool tail = lane == 31 || next != key;
  if (valid && tail) atomicAdd(&seg_sum[key], v);
}

__global__ void seg_normalize(const int64_t* __restrict__ keys, const double* __restrict__ x,
                              const double* __restrict__ inv_temp, const double* __restrict__ seg_sum,
                              int n, double* __restrict__ y) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  y[i] = exp(x[i] * inv_temp[0]) / seg_sum[keys[i]];
}

void segment_softmax(const int64_t* keys, const double* x, double inv_temp, int n, int num_segments,
                     double* y) {
  int64_t* d_keys;
  double *d_x, *d_t, *d_sum, *d_y;
  cudaMalloc(&d_keys, n * sizeof(int64_t));
  cudaMalloc(&d_x, n * sizeof(double));
  cudaMalloc(&d_t, sizeof(double));
  cudaMalloc(&d_sum, num_segments * sizeof(double));
  cudaMalloc(&d_y, n * sizeof(double));
  cudaMemcpy(d_keys, keys, n * sizeof(int64_t), cudaMemcpyHostToDevice);
  cudaMemcpy(d_x, x, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_t, &inv_temp, sizeof(double), cudaMemcpyHostToDevice);
  cudaMemset(d_sum, 0, num_segments * sizeof(double));
  const int threads = 64, blocks = (n + threads - 1) / threads;
  seg_exp_sum<<<blocks, threads>>>(d_keys, d_x, d_t, n, d_sum);
  seg_normalize<<<blocks, threads>>>(d_keys, d_x, d_t, d_sum, n, d_y);
  cudaMemcpy(y, d_y, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_keys);
  cudaFree(d_x);
  cudaFree(d_t);
  cudaFree(d_sum);
  cudaFree(d_y);
}
