// cuad: --fn fir_tiled<9u> --wrt x,taps,y
// cuad: fwd --fn fir_tiled<9u> --wrt x,taps,y
// A causal FIR filter over a long multichannel signal with shared-memory tiling (a
// learnable front-end filterbank): each block stages the TAPS coefficients of its channel in
// shared memory once, then walks its channel's tiles in a block-stride loop, loading each
// tile together with its TAPS-1 sample left halo (zero before the start) into the same shared
// buffer, which is overwritten at every tile between two __syncthreads. Unsigned indices
// throughout, the tap count a template parameter, the convolution loop unrolled.
#include <cuda_runtime.h>

#define TILE 32

template <unsigned int TAPS>
__global__ void fir_tiled(const float* __restrict__ x, const float* __restrict__ taps,
                          float* __restrict__ y, unsigned int n_samp, unsigned int tiles_per_block) {
  __shared__ float s_h[TAPS];
  __shared__ float s_x[TILE + TAPS - 1];
  const unsigned int ch = blockIdx.y;
  const unsigned int tid = threadIdx.x;
  const float* xc = x + ch * n_samp;
  if (tid < TAPS) s_h[tid] = taps[ch * TAPS + tid];
  for (unsigned int tile = blockIdx.x * tiles_per_block; tile < (blockIdx.x + 1) * tiles_per_block; ++tile) {
    const unsigned int base = tile * TILE;
    __syncthreads();  // previous tile fully consumed (and taps staged)
    for (unsigned int i = tid; i < TILE + TAPS - 1; i += blockDim.x) {
      const unsigned int g = base + i;  // sample base + i - (TAPS - 1), shifted to stay unsigned
      s_x[i] = (g >= TAPS - 1 && g - (TAPS - 1) < n_samp) ? xc[g - (TAPS - 1)] : 0.0f;
    }
    __syncthreads();
    const unsigned int n = base + tid;
    if (n < n_samp) {
      float acc = 0.0f;
#pragma unroll
      for (unsigned int k = 0; k < TAPS; ++k) acc += s_h[k] * s_x[tid + TAPS - 1 - k];
      y[ch * n_samp + n] = acc;
    }
  }
}

template __global__ void fir_tiled<9u>(const float*, const float*, float*, unsigned int, unsigned int);
