// cuad: --fn bias_dropout_residual --wrt out,x,bias,residual
// Fused bias + dropout (precomputed uint8 mask, inverted scaling) + residual add, with early
// returns for out-of-range threads and for dropped elements.
#include <cstdint>
__global__ void bias_dropout_residual(float* __restrict__ out, const float* __restrict__ x,
                                      const float* __restrict__ bias, const float* __restrict__ residual,
                                      const uint8_t* __restrict__ mask, float p, int rows, int cols) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= rows * cols) return;
  if (!mask[i]) {
    out[i] = residual[i];
    return;
  }
  const float scale = 1.f / (1.f - p);
  out[i] = residual[i] + (x[i] + bias[i % cols]) * scale;
}
