// cuad: --fn lut_dequant_matvec --wrt codebook,scales,x,y
// cuad: fwd --fn lut_dequant_matvec --wrt codebook,scales,x,y
// A codebook-quantized weight matrix times a vector (the decode-time GEMV of a VQ/LUT-quantized
// linear layer): each weight is a 5-bit code into a 32-entry codebook; every warp keeps the
// codebook in registers (lane k holds entry k) and dequantizes with __shfl_sync(mask, entry,
// code), so several lanes usually read the same lane. A per-row scale multiplies the row, one
// warp handles one output row, lanes stride over the columns, and a __shfl_down_sync tree sums
// the partial dot products. Gradients w.r.t. the codebook (a learned codebook), the scales,
// the input vector and the (accumulated) output.
#include <cuda_runtime.h>
#include <stdint.h>

#define FULL_MASK 0xffffffffu

__global__ void lut_dequant_matvec(const uint8_t* __restrict__ codes, const float* __restrict__ codebook,
                                   const float* __restrict__ scales, const float* __restrict__ x,
                                   float* __restrict__ y, int rows, int cols) {
  const int lane = threadIdx.x & 31;
  const int row = blockIdx.x * (blockDim.x >> 5) + (threadIdx.x >> 5);
  if (row >= rows) return;
  const float entry = codebook[lane];
  float acc = 0.0f;
  for (int c0 = 0; c0 < cols; c0 += 32) {
    const int c = c0 + lane;
    const int code = c < cols ? (codes[row * cols + c] & 31) : 0;
    const float wq = __shfl_sync(FULL_MASK, entry, code);
    if (c < cols) acc += wq * x[c];
  }
  for (int o = 16; o > 0; o >>= 1) acc += __shfl_down_sync(FULL_MASK, acc, o);
  if (lane == 0) y[row] += scales[row] * acc;
}
