// cuad: --fn k --wrt x,y
// cuad: fwd --fn k --wrt x,y
// Minimal: two overloads of a scalar-returning function template, energy(const V<N>&) and
// energy(const W<N>&), on two class templates with an int parameter. Reverse mode picks the
// V overload and passes; forward mode refuses the call with "no derivative for `energy`: it
// has no body here and no custom derivative" (a single overload, or overloads whose first
// parameter types differ in kind, e.g. const float* vs V<N>, work in forward mode too).
template <int N> struct V { double v[N]; };
template <int N> struct W { double w[N]; };

template <int N> __device__ double energy(const V<N>& a) {
  double s = 0.0;
  for (int i = 0; i < N; ++i) s += a.v[i] * a.v[i];
  return s;
}
template <int N> __device__ double energy(const W<N>& a) {
  double s = 0.0;
  for (int i = 0; i < N; ++i) s += 3.0 * a.w[i];
  return s;
}

__global__ void k(const double* x, double* y) {
  V<2> a;
  for (int i = 0; i < 2; ++i) a.v[i] = x[i];
  y[0] = energy(a);
}
