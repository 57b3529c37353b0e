// Modern C++ in device code: constexpr functions, static_assert, if constexpr on a
// template parameter, decltype, auto with trailing return types, unions and bit-fields.
#include <type_traits>

__host__ __device__ constexpr int ipow(int base, int exp) { return exp == 0 ? 1 : base * ipow(base, exp - 1); }
static_assert(ipow(2, 10) == 1024, "constexpr evaluation");

struct PackedFlags {
  unsigned int boundary : 1;
  unsigned int material : 7;
  unsigned int level : 24;
};

union FloatBits {
  float f;
  unsigned int u;
};

template <typename T>
__device__ auto magnitude(T x, T y) -> decltype(x * x + y * y) {
  return sqrt(x * x + y * y);
}

template <int ORDER>
__device__ float poly_eval(const float *coef, float x) {
  static_assert(ORDER >= 0, "order must be non-negative");
  if constexpr (ORDER == 0) {
    return coef[0];
  } else {
    return coef[0] + x * poly_eval<ORDER - 1>(coef + 1, x);
  }
}

__global__ void modern_kernel(const float *x, const PackedFlags *flags, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  constexpr int kLevels = ipow(2, 3);
  const float coef[4] = {1.0f, 0.5f, 0.25f, 0.125f};
  auto v = poly_eval<3>(coef, x[i]);
  decltype(v) m = magnitude(v, x[i]);
  FloatBits bits;
  bits.f = m;
  bits.u &= 0x7fffffffu;
  PackedFlags fl = flags[i];
  out[i] = fl.boundary ? 0.0f : bits.f * (fl.level % kLevels);
  static_assert(std::is_same<decltype(v), float>::value, "float result");
}
