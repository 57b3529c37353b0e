// cuad: --fn bethe_mean_field --wrt beta,J,h,m_out,f_out
// cuad: fwd --fn bethe_mean_field --wrt beta,J,h,m_out,f_out
// Mean-field (Curie-Weiss) and Bethe-Peierls magnetisation of an Ising model for a batch of
// parameter sets (beta, J, h), one thread each: the self-consistency m = tanh(beta (z J m + h))
// is solved by Newton's method in a loop that stops when the step is below a tolerance or
// after a maximum number of iterations (the iteration count depends on the data); the
// Bethe cavity field u follows from its own fixed point
//   u = h + (z-1)/beta atanh(tanh(beta J) tanh(beta u)),
// iterated by damped substitution in a do-while loop. Outputs the magnetisations and the
// mean-field free energy per spin, f = z J m^2 / 2 - log(2 cosh(beta (z J m + h))) / beta.
#include <cuda_runtime.h>
#include <math.h>

#define Z_COORD 4
#define NEWTON_TOL 1e-13
#define MAX_IT 60

__device__ double solve_mean_field(double beta, double J, double h, double m0) {
  double m = m0;
  int it = 0;
  while (true) {
    const double arg = beta * (Z_COORD * J * m + h);
    const double t = tanh(arg);
    const double g = m - t;
    const double dg = 1.0 - (1.0 - t * t) * beta * Z_COORD * J;
    const double step = g / dg;
    m -= step;
    if (fabs(step) < NEWTON_TOL) break;
    if (++it >= MAX_IT) break;
  }
  return m;
}

__device__ double bethe_cavity(double beta, double J, double h, double u0) {
  double u = u0;
  const double tJ = tanh(beta * J);
  double delta;
  int it = 0;
  do {
    const double un = h + (Z_COORD - 1) / beta * atanh(tJ * tanh(beta * u));
    delta = un - u;
    u += 0.7 * delta;
    ++it;
  } while (fabs(delta) > 1e-13 && it < 400);
  return u;
}

__global__ void bethe_mean_field(int n, const double* __restrict__ beta, const double* __restrict__ J,
                                 const double* __restrict__ h, double* __restrict__ m_out,
                                 double* __restrict__ f_out) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= n) return;
  const double b = beta[k], j = J[k], hh = h[k];
  // start on the side of the field so Newton converges to the stable branch
  const double m = solve_mean_field(b, j, hh, hh >= 0.0 ? 0.9 : -0.9);
  const double u = bethe_cavity(b, j, hh, hh);
  const double ueff = h[k] + Z_COORD / b * atanh(tanh(b * j) * tanh(b * u));
  m_out[2 * k] = m;
  m_out[2 * k + 1] = tanh(b * ueff);
  f_out[k] = 0.5 * Z_COORD * j * m * m - log(2.0 * cosh(b * (Z_COORD * j * m + hh))) / b;
}
