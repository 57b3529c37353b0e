// cuad: --fn k<float> --wrt x,y
// cuad: fwd --fn k<float>
// Locals typed through `decltype` and the standard type transformations: an array whose
// element type is `decltype(v + 0.0f)` (before, it was treated as carrying no derivative: a
// silently zero gradient), `std::decay_t<decltype(v)>`, `typename std::remove_cv<...>::type`,
// `std::common_type_t<int, T>` and a helper parameter of type `std::remove_const_t<std::remove_reference_t<const T&>>`.
#include <type_traits>

template <typename T>
__device__ T cube(std::remove_const_t<std::remove_reference_t<const T&>> a) {
  return a * a * a;
}

template <typename T>
__global__ void k(const T* x, T* y) {
  const int i = threadIdx.x;
  const T v = x[i];
  decltype(v + 0.0f) acc[2] = {};
  for (int c = 0; c < 2; ++c) acc[c] += (c + 1) * v * v;
  std::decay_t<decltype(v)> s[2][2] = {};
  s[1][0] = v * acc[1];
  typename std::remove_cv<const T>::type half = 0.5f * v;
  std::common_type_t<int, T> third = v / 3;
  y[i] = acc[0] + acc[1] + s[1][0] + half * third + cube<T>(v);
}
