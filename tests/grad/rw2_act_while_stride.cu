// cuad: --fn mixed_activation --wrt y,x,alpha
// Elementwise activations over a batch of rows (blockIdx.y = batch, 64-bit offsets), written
// with a `while` grid-stride loop and static_cast<int64_t> index arithmetic: exact GELU with
// erf and M_SQRT1_2, softplus with PyTorch's threshold branch, a learnable PReLU slope per
// batch row. Double precision.
#include <cstdint>

__global__ void mixed_activation(double* __restrict__ y, const double* __restrict__ x,
                                 const double* __restrict__ alpha, int64_t row_len) {
  const int64_t base = static_cast<int64_t>(blockIdx.y) * row_len;
  int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  const int64_t stride = static_cast<int64_t>(gridDim.x) * blockDim.x;
  const double a = alpha[blockIdx.y];
  while (i < row_len) {
    const double v = x[base + i];
    const double gelu = 0.5 * v * (1.0 + erf(v * M_SQRT1_2));
    const double sp = v > 20.0 ? v : log1p(exp(v));
    const double prelu = v >= 0.0 ? v : a * v;
    y[base + i] = gelu + 0.5 * sp + 0.25 * prelu;
    i += stride;
  }
}
