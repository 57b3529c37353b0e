// cuad: --fn run --wrt x,s0
// cuad: fwd --fn run --wrt x,s0
// User operators whose pullbacks read some operands and not others, updated in a loop
// (`acc = acc + d`, `acc = s * acc`): what each partial reads is taped, what no partial reads
// need not be. A sum through a loop over an array field (linear), a scaling through a helper
// building the struct (reads the other factor), a difference that squares its right operand
// (reads it), and a division (reads both).
#include <math.h>

template <int N>
struct V {
  double v[N];
};

template <int N>
__host__ __device__ V<N> operator+(const V<N>& a, const V<N>& b) {
  V<N> r;
  for (int k = 0; k < N; ++k) r.v[k] = a.v[k] + b.v[k];
  return r;
}

__host__ __device__ V<2> mk(double p, double q) {
  V<2> r;
  r.v[0] = p;
  r.v[1] = q;
  return r;
}

__host__ __device__ V<2> operator*(double s, V<2> a) { return mk(s * a.v[0], s * a.v[1]); }
// An operator template of the same instance signature as `+` (their pullbacks are named
// apart: `operator_sub_2_pullback`).
template <int N>
__host__ __device__ V<N> operator-(const V<N>& a, const V<N>& b) {
  V<N> r;
  for (int k = 0; k < N; ++k) r.v[k] = a.v[k] - (k == 0 ? b.v[k] * b.v[k] : 0.5 * b.v[k]);
  return r;
}
__host__ __device__ V<2> operator/(V<2> a, double s) { return V<2>{{a.v[0] / s, a.v[1] / s}}; }

__host__ __device__ double run(const double* x, double s0, int n) {
  V<2> acc = mk(x[0], x[1]);
  V<2> d = mk(0.1, 0.2);
  double s = s0;
  for (int i = 0; i < n; ++i) {
    d = d + mk(x[2 * i], 0.5 * x[2 * i + 1]);
    acc = acc + d;
    acc = s * acc;
    s = s * 0.9 + 0.05 * x[2 * i];
    acc = acc / s;
  }
  // Straight-line code: only the operand the partial of `-` reads is saved.
  V<2> e = d - acc;
  acc = acc + e;
  e = e - acc;
  acc = acc + d;
  return acc.v[0] + 2.0 * acc.v[1] + e.v[0] - e.v[1];
}
