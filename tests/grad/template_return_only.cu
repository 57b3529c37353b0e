// cuad: --fn k --wrt x,y
// cuad: fwd --fn k
// A function template whose template argument appears only in its return type
// (`load<V<2>>(p)`, `load<V<3>>(p)`: not deducible, written at the call). The two instances
// have the same parameter types, so their derivatives are named apart by the argument
// (`load_V_2_pullback`, `load_V_3_pushforward`); they used to be one pullback for both (the
// other instance's call did not compile) and two pushforwards differing only in return type.
template <int N>
struct V {
  double v[N];
};

template <class M>
__device__ M load(const double* p) {
  M m;
  for (int k = 0; k < 2; ++k) m.v[k] = p[k] * p[k];
  return m;
}

__global__ void k(const double* x, double* y) {
  int i = threadIdx.x;
  V<2> a = load<V<2>>(x + 2 * i);
  V<3> b = load<V<3>>(x + 2 * i);
  y[i] = a.v[0] * b.v[1] + sin(a.v[1]);
}
