// cuad: --fn softmax_rows --wrt x,y -DCUAD_TAPE_CAPACITY=1024
// cuad: fwd --fn softmax_rows --wrt x,y
// Written for cuad in the style of fused attention / softmax kernels that cache a whole row in
// dynamic shared memory: the host opts the kernel in to more than 48 KiB with
// `cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes)` (the
// derivative kernels, launched with twice the bytes, must opt in too), a `template <int TPB>`
// kernel instance launched by name, `extern __shared__` row cache, a block max and sum
// through shared scratch after the cache, `-INFINITY` start, `__expf`.
#include <cmath>

template <int TPB>
__global__ void softmax_cached(const float* __restrict__ x, float* __restrict__ y, int cols) {
  extern __shared__ float row[];  // cols floats, then TPB floats of scratch
  float* red = row + cols;
  const float* xr = x + (size_t)blockIdx.x * cols;
  float m = -INFINITY;
  for (int c = threadIdx.x; c < cols; c += TPB) {
    row[c] = xr[c];
    m = fmaxf(m, row[c]);
  }
  red[threadIdx.x] = m;
  __syncthreads();
  for (int s = TPB / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) red[threadIdx.x] = fmaxf(red[threadIdx.x], red[threadIdx.x + s]);
    __syncthreads();
  }
  const float mx = red[0];
  __syncthreads();
  float sum = 0.f;
  for (int c = threadIdx.x; c < cols; c += TPB) {
    row[c] = __expf(row[c] - mx);
    sum += row[c];
  }
  red[threadIdx.x] = sum;
  __syncthreads();
  for (int s = TPB / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) red[threadIdx.x] += red[threadIdx.x + s];
    __syncthreads();
  }
  const float inv = 1.f / red[0];
  for (int c = threadIdx.x; c < cols; c += TPB) y[(size_t)blockIdx.x * cols + c] = row[c] * inv;
}

void softmax_rows(const float* x, float* y, int rows, int cols) {
  float *d_x, *d_y;
  cudaMalloc(&d_x, (size_t)rows * cols * sizeof(float));
  cudaMalloc(&d_y, (size_t)rows * cols * sizeof(float));
  cudaMemcpy(d_x, x, (size_t)rows * cols * sizeof(float), cudaMemcpyHostToDevice);
  const size_t smem = (cols + 64) * sizeof(float);
  cudaFuncSetAttribute(softmax_cached<64>, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem);
  softmax_cached<64><<<rows, 64, smem>>>(d_x, d_y, cols);
  cudaMemcpy(y, d_y, (size_t)rows * cols * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(d_x);
  cudaFree(d_y);
}
