// cuad: --fn soft_gotoh<LogSumExp,5,7> --wrt sim,open,extend,sm
// cuad: fwd --fn soft_gotoh<LogSumExp,5,7> --wrt sim,open,extend,sm
// Soft global alignment with affine gaps (Gotoh's three-state recursion) as a reusable
// __host__ __device__ function template, the way a differentiable-alignment library exposes
// it for per-thread use inside its kernels: the smoothing operator is a functor template
// argument (a temperature-scaled log-sum-exp with overloads for two and three arguments),
// the sequence lengths are template arguments sizing the three local 2-D DP tables, and the
// similarity matrix comes in row-major. Match state M, gap-in-b state X, gap-in-a state Y:
//   M[i][j] = sim[i][j] + smax(M, X, Y at (i-1, j-1))
//   X[i][j] = smax(M[i-1][j] + open, X[i-1][j] + extend)
//   Y[i][j] = smax(M[i][j-1] + open, Y[i][j-1] + extend)
// Impossible states hold a large negative finite value. Returns smax(M, X, Y) at (LA, LB).
#include <cuda_runtime.h>
#include <math.h>

#define NEG_BIG (-1.0e4)

struct LogSumExp {
  double temp;
  __host__ __device__ double operator()(double a, double b) const {
    const double m = fmax(a, b);
    return m + temp * log(exp((a - m) / temp) + exp((b - m) / temp));
  }
  __host__ __device__ double operator()(double a, double b, double c) const {
    const double m = fmax(a, fmax(b, c));
    return m + temp * log(exp((a - m) / temp) + exp((b - m) / temp) + exp((c - m) / temp));
  }
};

template <class Smooth, int LA, int LB>
__host__ __device__ double soft_gotoh(const double* sim, double open, double extend, Smooth sm) {
  double M[LA + 1][LB + 1], X[LA + 1][LB + 1], Y[LA + 1][LB + 1];
  M[0][0] = 0.0;
  X[0][0] = NEG_BIG;
  Y[0][0] = NEG_BIG;
  for (int i = 1; i <= LA; ++i) {
    M[i][0] = NEG_BIG;
    Y[i][0] = NEG_BIG;
    X[i][0] = open + (i - 1) * extend;
  }
  for (int j = 1; j <= LB; ++j) {
    M[0][j] = NEG_BIG;
    X[0][j] = NEG_BIG;
    Y[0][j] = open + (j - 1) * extend;
  }
  for (int i = 1; i <= LA; ++i) {
    for (int j = 1; j <= LB; ++j) {
      M[i][j] = sim[(i - 1) * LB + (j - 1)] + sm(M[i - 1][j - 1], X[i - 1][j - 1], Y[i - 1][j - 1]);
      X[i][j] = sm(M[i - 1][j] + open, X[i - 1][j] + extend);
      Y[i][j] = sm(M[i][j - 1] + open, Y[i][j - 1] + extend);
    }
  }
  return sm(M[LA][LB], X[LA][LB], Y[LA][LB]);
}

template __host__ __device__ double soft_gotoh<LogSumExp, 5, 7>(const double*, double, double, LogSumExp);
