// cuad: --fn k --wrt x,y
// cuad: fwd --fn k --wrt x,y
// Minimal: two overloads of a function template, each taking a different class template
// (V<N> and W<N>); the call twice(a) with a V<2> should pick the first and deduce N = 2.
// cuad reports "cannot accumulate the adjoint of the array `_d_r.v`: its length `N` is not a
// number here" (reverse) and "no derivative for `twice`: it has no body" (forward). With only
// one overload both modes work, as do the same overloads returning a scalar, overloads
// differing in arity, or templated on a type (template <typename T>) instead of an int.
template <int N> struct V { double v[N]; };
template <int N> struct W { double w[N]; };

template <int N> __device__ V<N> twice(const V<N>& a) {
  V<N> r;
  for (int i = 0; i < N; ++i) r.v[i] = 2.0 * a.v[i];
  return r;
}
template <int N> __device__ W<N> twice(const W<N>& a) {
  W<N> r;
  for (int i = 0; i < N; ++i) r.w[i] = 3.0 * a.w[i];
  return r;
}

__global__ void k(const double* x, double* y) {
  V<2> a;
  for (int i = 0; i < 2; ++i) a.v[i] = x[i];
  a = twice(a);
  y[0] = a.v[0] * a.v[1];
}
