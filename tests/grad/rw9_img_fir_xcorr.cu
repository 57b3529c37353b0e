// cuad: --fn fir_tile<7> --wrt x,h,y
// cuad: --fn xcorr --wrt a,b,r
// 1: a causal FIR filter template over the tap count: the block stages its samples plus a
// TAPS-1 history halo in dynamic shared memory (`extern __shared__ float`), zero before the
// signal start, taps read from global memory into registers under #pragma unroll, a tanh
// saturation. 2: a cross-correlation with one block per lag, strided products reduced by a
// shared-memory tree (blockDim a power of two), normalized by the overlap length.
#include <cuda_runtime.h>

template <int TAPS>
__global__ void fir_tile(const float* __restrict__ x, const float* __restrict__ h,
                         float* __restrict__ y, int n, float drive) {
  extern __shared__ float s_x[];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int base = blockIdx.x * blockDim.x - (TAPS - 1);
  for (int k = threadIdx.x; k < blockDim.x + TAPS - 1; k += blockDim.x) {
    const int g = base + k;
    s_x[k] = (g >= 0 && g < n) ? x[g] : 0.0f;
  }
  __syncthreads();
  if (i >= n) return;
  float hr[TAPS];
#pragma unroll
  for (int k = 0; k < TAPS; ++k) hr[k] = h[k];
  float acc = 0.0f;
#pragma unroll
  for (int k = 0; k < TAPS; ++k) acc += hr[k] * s_x[threadIdx.x + TAPS - 1 - k];
  y[i] = tanhf(drive * acc) / drive;
}

__global__ void xcorr(const float* a, const float* b, float* r, int n, int maxlag) {
  __shared__ float part[64];
  const int lag = blockIdx.x - maxlag;
  float s = 0.0f;
  for (int i = threadIdx.x; i < n; i += blockDim.x) {
    const int j = i + lag;
    if (j >= 0 && j < n) s += a[i] * b[j];
  }
  part[threadIdx.x] = s;
  __syncthreads();
  for (int w = blockDim.x / 2; w > 0; w >>= 1) {
    if (threadIdx.x < w) part[threadIdx.x] += part[threadIdx.x + w];
    __syncthreads();
  }
  if (threadIdx.x == 0) r[blockIdx.x] = part[0] / (float)(n - abs(lag));
}
