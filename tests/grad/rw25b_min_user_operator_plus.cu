// cuad: --fn log_add_chain --wrt x,y
// Minimal: a user-defined, non-linear operator+ on a struct (log-add-exp of log-weights, the
// "plus" of the log semiring). `acc = acc + P{...}` overwrites acc; the pullback of operator+
// needs acc's old value, but the gradient neither saves nor restores it (the same code with
// operator% or a named function ladd() is saved/taped correctly): every pullback sees the
// final acc. Silent wrong gradient.
#include <math.h>

struct P {
  double v;
};

__host__ __device__ P operator+(P a, P b) {
  const double m = fmax(a.v, b.v);
  return P{m + log(exp(a.v - m) + exp(b.v - m))};
}

__host__ __device__ double log_add_chain(double x, double y) {
  P acc = P{x};
  acc = acc + P{y};
  acc = acc + P{2.0 * x};
  return acc.v;
}
