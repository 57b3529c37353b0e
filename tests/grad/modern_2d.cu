// cuad: --fn k2d --wrt out,in,gain
// A 2-D kernel in a modern style: type alias, constexpr locals, const auto indices, size_t
// index, unsigned loop counter, an early return and __launch_bounds__.
#include <cstdint>
using real = float;
constexpr int TILE = 16;
__global__ void __launch_bounds__(256) k2d(real* __restrict__ out, const real* __restrict__ in, int w, int h, real gain) {
  const auto x = blockIdx.x * blockDim.x + threadIdx.x;
  const auto y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  const size_t idx = static_cast<size_t>(y) * w + x;
  constexpr real half = 0.5f;
  real acc = 0;
  for (unsigned k = 0; k < 3u; ++k) {
    acc += half * in[idx] * static_cast<real>(k + 1);
  }
  out[idx] = gain * acc * acc;
}
