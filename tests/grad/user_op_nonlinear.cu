// cuad: --fn chain --wrt x,y
// cuad: fwd --fn chain --wrt x,y
// Non-linear user operators on structs, free and member: `+` and `-` (binary and unary) are
// calls of the user's bodies, so the operands their pullbacks read are saved before an
// assignment overwrites them (`acc = acc + L{y}`), and `-a` is not the built-in negation.
#include <math.h>

struct L {
  double v;
  // member binary operator-: log-sub-exp, non-linear
  __host__ __device__ L operator-(L b) const { return L{v + log(1.0 - exp(b.v - v))}; }
};
__host__ __device__ L operator+(L a, L b) {
  const double m = fmax(a.v, b.v);
  return L{m + log(exp(a.v - m) + exp(b.v - m))};
}
// free unary operator-, non-linear
__host__ __device__ L operator-(L a) { return L{a.v * a.v}; }
__host__ __device__ bool operator<(L a, L b) { return a.v < b.v; }

struct M {
  double v;
  // member operator+ and unary operator-, non-linear
  __host__ __device__ M operator+(M b) const { return M{v * b.v + v}; }
  __host__ __device__ M operator-() const { return M{exp(v)}; }
};

struct Q {
  double v;
};
// A product whose other operand is constant: the operator still reads its struct operand.
__host__ __device__ Q operator*(Q a, double s) { return Q{a.v * a.v * s}; }

__host__ __device__ double chain(double x, double y) {
  L acc = L{x};
  acc = acc + L{y};
  acc = acc - L{y - 2.0};
  L n = -acc;
  if (n < acc) acc = acc + n;
  M m = M{y};
  m = m + M{x};
  m = -m;
  m = m + M{0.5};
  Q q = Q{y};
  q = q * 3.0;
  q = q * 0.5;
  return acc.v + m.v + q.v;
}
