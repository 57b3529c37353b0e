// cuad: --fn fir_filter<32,7> --wrt x,taps,y
// cuad: fwd --fn fir_filter<32,7>
// Causal FIR filter y[i] = sum_t h[t] x[i - t]: each block stages its tile of x plus a halo of
// TAPS-1 samples to the left in shared memory (the first threads load the halo, zeros before
// the signal starts), the taps in shared memory too, then a #pragma unroll loop.
#include <cuda_runtime.h>

template <int BLOCK, int TAPS>
__global__ void fir_filter(const float* __restrict__ x, const float* __restrict__ taps, float* y,
                           int n) {
  __shared__ float tile[BLOCK + TAPS - 1];
  __shared__ float h[TAPS];
  const int i = blockIdx.x * BLOCK + threadIdx.x;
  if (threadIdx.x < TAPS) h[threadIdx.x] = taps[threadIdx.x];
  tile[threadIdx.x + TAPS - 1] = i < n ? x[i] : 0.0f;
  if (threadIdx.x < TAPS - 1) {
    const int j = i - (TAPS - 1);
    tile[threadIdx.x] = j >= 0 ? x[j] : 0.0f;
  }
  __syncthreads();
  if (i >= n) return;
  float acc = 0.0f;
#pragma unroll
  for (int t = 0; t < TAPS; ++t) acc += h[t] * tile[threadIdx.x + TAPS - 1 - t];
  y[i] = acc;
}
