// cuad: --fn pair_product --wrt x,y
// Minimal repro: a struct whose array member's length is one of its own static constexpr
// members (`static constexpr int size = 4; float payload[size];`, llm.c's Packed128 with
// `size = sizeof(int4) / sizeof(ElementType)`), returned by value from a __device__ helper.
// cuad refuses: "cannot accumulate the adjoint of the array `_d_r.payload`: its length `size`
// is not a number here" (also with an enum member; a literal length, a #define or a
// namespace-scope constexpr work).
#include <cuda_runtime.h>

struct Packed {
  static constexpr int size = 4;
  float payload[size];
  __device__ float& operator[](int i) { return payload[i]; }
};

__device__ Packed load4(const float* a) {
  Packed r;
  for (int k = 0; k < Packed::size; ++k) r[k] = a[k];
  return r;
}

__global__ void pair_product(const float* x, float* y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  Packed p = load4(x + 4 * i);
  y[i] = p[0] * p[1] + p[2] * p[3];
}
