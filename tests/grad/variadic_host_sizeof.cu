// cuad: --fn host_stats --wrt x,y
// cuad: fwd --fn host_stats
// A host function calling __host__ __device__ variadic helpers: `sizeof...` in an expression
// and in an array length, a braced initializer `{(vs * vs)...}`, a left fold with an initial
// value, an `&&` fold over an empty pack, a comma fold writing through `Ts&...` references,
// and `std::forward` of a forwarding-reference pack into another variadic helper.
// 2: forward mode.
#include <cmath>
#include <utility>
template <typename... Ts>
__host__ __device__ double mean_of(Ts... vs) {
  return (vs + ...) / sizeof...(Ts);
}
template <typename... Ts>
__host__ __device__ double rms(const Ts&... vs) {
  double sq[sizeof...(vs)] = {(vs * vs)...};
  double s = 0.0;
  for (int k = 0; k < (int)sizeof...(vs); ++k) s += sq[k];
  return sqrt(s / sizeof...(vs));
}
template <typename... Ts>
__host__ __device__ double prod_from(double init, Ts... vs) {
  return (init * ... * vs);
}
template <typename... Ts>
__host__ __device__ bool all_positive(Ts... vs) {
  return (... && (vs > 0.0));
}
template <typename... Ts>
__host__ __device__ void scale_all(double k, Ts&... vs) {
  ((vs = vs * k), ...);
}
template <typename... Ts>
__host__ __device__ double forwarded(Ts&&... vs) {
  return mean_of(std::forward<Ts>(vs)...) + (double)sizeof...(Ts);
}

double host_stats(const double* x, double y, int n) {
  double acc = 0.0;
  for (int i = 0; i + 2 < n; i += 3) {
    double a = x[i], b = x[i + 1], c = x[i + 2];
    acc += mean_of(a, b, c) * rms(a, y) + mean_of(y);
    acc += prod_from(0.5, a, b) + prod_from(2.0) * rms(c);
    scale_all(y, a, b);
    acc += a * c - b;
    if (all_positive() && all_positive(1.0, 2.0)) acc += forwarded(a, b * c, 3.0);
  }
  return acc;
}
