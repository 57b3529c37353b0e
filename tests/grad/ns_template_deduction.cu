// cuad: --fn k
// cuad: fwd --fn k
// Template argument deduction against a class template of a namespace, named qualified by
// the caller (`ns::W<float, 3> w; ns::g(w)`) and unqualified in the callee's parameter
// (`const W<T, N>&`): the names denote one class, so `T` and `N` are deduced (also for a
// matrix whose operator() reads it). Before: "cannot deduce the template arguments".
namespace ns {
template <typename T, int N>
struct W {
  T a[N];
};
template <typename T, int R, int C>
struct Mat {
  T a[R * C];
  __device__ T operator()(int r, int c) const { return a[r * C + c]; }
};
template <typename T, int N>
__device__ T g(const W<T, N>& w) {
  T s = 0;
  for (int k = 0; k < N; ++k) s += w.a[k] * w.a[N - 1 - k];
  return s;
}
template <typename T, int R, int C>
__device__ T f(const Mat<T, R, C>& m) { return m(0, 1) * m(1, 0) + m(R - 1, C - 1); }
}  // namespace ns

__global__ void k(const float* x, float* y) {
  int i = threadIdx.x;
  ns::W<float, 3> w;
  for (int j = 0; j < 3; ++j) w.a[j] = x[i] * (j + 1);
  ns::Mat<float, 2, 2> m;
  for (int j = 0; j < 4; ++j) m.a[j] = x[i] + j;
  y[i] = ns::g(w) + ns::f(m);
}
