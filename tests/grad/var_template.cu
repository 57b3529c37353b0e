// cuad: --fn k<double>
// cuad: fwd --fn k<float>
// Variable templates (C++14): `template <typename T> inline constexpr T kFar = T(1000);` and
// others at file scope and in a namespace, read as `kScale<T>`, `ns::kHalf<T>` and, inside
// the namespace, unqualified; one initializes an `auto` local. Before, the declaration was
// not modelled and `kFar<T> ?` read as comparisons ("expected expression").
template <typename T>
inline constexpr T kFar = T(1000);
template <typename T>
constexpr T kScale = T(2.5);

namespace ns {
template <typename T>
constexpr T kHalf = T(0.5);
template <typename T>
__device__ T clamp_far(T v) {
  auto far = kFar<T> * kHalf<T>;
  return v < far ? v : far;
}
}  // namespace ns

template <typename T>
__global__ void k(const T* x, T* y) {
  int i = threadIdx.x;
  T v = x[i] * kScale<T> + ns::kHalf<T> * x[i];
  auto w = ns::clamp_far(v * v);
  y[i] = v < kFar<T> ? w * v : kFar<T>;
}
