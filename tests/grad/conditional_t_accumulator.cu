// cuad: fwd --fn k<float>
// cuad: --fn k<float> --wrt x,y
// The mixed-precision accumulator idiom: a local typed `std::conditional_t<B, T, F>` or
// `typename std::conditional<B, T, F>::type`, `B` a constant expression. sema resolves the
// alias to the type it selects (before, fwd dropped the derivative of `acc` and grad refused
// the unknown type). (A condition with a comparison, `sizeof(T) == 4`, is not parsed as a
// type in a statement yet.)
#include <type_traits>

template <typename T>
__global__ void k(const T* x, T* y) {
  const int i = threadIdx.x;
  std::conditional_t<true, double, float> acc = x[i] * x[i];
  typename std::conditional<false, double, float>::type half = 0.5f * x[i];
  y[i] = (T)(acc * x[i]) + half * x[i];
}
