// cuad: --fn row_l2norm<float,8> --wrt x,y
// cuad: --fn row_l2norm<double,16> --wrt x,y
// cuad: fwd --fn row_l2norm<double,16> --wrt x,y
// Written for cuad in the style of type-generic normalization kernels: `template <typename T,
// int WIDTH>` with `if constexpr (std::is_same<T, float>::value)` picking `rsqrtf` or `rsqrt`,
// a sub-warp butterfly `__shfl_xor_sync` reduction over a template-sized group under
// `#pragma unroll`, and a `static_assert` on the width.
#include <type_traits>

template <typename T>
__device__ __forceinline__ T fast_rsqrt(T v) {
  if constexpr (std::is_same<T, float>::value) {
    return rsqrtf(v);
  } else {
    return rsqrt(v);
  }
}

template <typename T, int WIDTH>
__global__ void row_l2norm(const T* __restrict__ x, T* __restrict__ y, int rows, int cols) {
  static_assert(WIDTH <= 32 && (WIDTH & (WIDTH - 1)) == 0, "WIDTH: a power of two up to 32");
  const int lane = threadIdx.x % WIDTH;
  const int row = (blockIdx.x * blockDim.x + threadIdx.x) / WIDTH;
  const bool live = row < rows;
  T ss = T(0);
  if (live)
    for (int c = lane; c < cols; c += WIDTH) ss += x[row * cols + c] * x[row * cols + c];
#pragma unroll
  for (int off = WIDTH / 2; off > 0; off >>= 1) ss += __shfl_xor_sync(0xffffffffu, ss, off, WIDTH);
  if (!live) return;
  const T inv = fast_rsqrt(ss + T(1e-6));
  for (int c = lane; c < cols; c += WIDTH) y[row * cols + c] = x[row * cols + c] * inv;
}
