// cuad: fwd --fn k<float>
// cuad: --fn k<float> --wrt x,y
// The mixed-precision accumulator idiom: a local typed `std::conditional_t<B, T, F>` or
// `typename std::conditional<B, T, F>::type`, `B` a constant expression. sema resolves the
// alias to the type it selects (before, fwd dropped the derivative of `acc` and grad refused
// the unknown type). The conditions name file constants and `sizeof` of the template
// parameter, also in a declaration's own type (`std::conditional_t<sizeof(T) == 4, ...> sq`).
#include <type_traits>

constexpr int kWideAccumulate = 1;

template <typename T>
__global__ void k(const T* x, T* y) {
  using wide_t = std::conditional_t<sizeof(T) == 4 && kWideAccumulate != 0, double, T>;
  using narrow_t = typename std::conditional<(kWideAccumulate > 1), double, float>::type;
  const int i = threadIdx.x;
  std::conditional_t<true, double, float> acc = x[i] * x[i];
  typename std::conditional<false, double, float>::type half = 0.5f * x[i];
  wide_t cube = (wide_t)x[i] * x[i] * x[i];
  narrow_t third = x[i] / 3.0f;
  std::conditional_t<sizeof(T) == 8, float, double> sq = (double)x[i] * x[i];
  y[i] = (T)(acc * x[i]) + half * x[i] + (T)(cube * third) + (T)(sq * 0.25);
}
