// cuad: --fn chem_source --wrt Y,e,rho,wdot,T
// Reacting-flow chemistry source terms per cell, as a combustion code ported from Fortran
// computes them: the temperature is recovered from the internal energy and the species mass
// fractions by a Newton iteration on e(T) = sum_k Y_k (a_k T + b_k T^2 / 2) (do-while with a
// maximum iteration count and a break on convergence), then two Arrhenius reactions
// (k = A T^beta exp(-Ea / T), written as exp(log A + beta log T - Ea/T)) with coefficients in
// __constant__ memory give the species production rates through a helper with an output
// array. Nondimensional units.
#include <cuda_runtime.h>

#define NS 4        // fuel, oxidizer, product, inert
#define NR 2
#define MAXIT 30

__constant__ double c_cv_a[NS] = {1.10, 0.95, 1.30, 0.85};
__constant__ double c_cv_b[NS] = {0.20, 0.05, 0.12, 0.02};
__constant__ double c_mw[NS] = {1.0, 2.0, 3.0, 2.8};
__constant__ double c_logA[NR] = {2.3, 0.7};
__constant__ double c_beta[NR] = {0.5, -0.3};
__constant__ double c_Ea[NR] = {4.0, 6.5};

__device__ double energy_of_T(const double* Y, double T, double* dedT) {
  double e = 0.0, de = 0.0;
  for (int k = 0; k < NS; ++k) {
    e += Y[k] * (c_cv_a[k] * T + 0.5 * c_cv_b[k] * T * T);
    de += Y[k] * (c_cv_a[k] + c_cv_b[k] * T);
  }
  *dedT = de;
  return e;
}

__device__ double temperature_from_energy(const double* Y, double e, double Tguess) {
  double T = Tguess;
  int it = 0;
  do {
    double cv;
    const double f = energy_of_T(Y, T, &cv) - e;
    const double dT = -f / cv;
    T += dT;
    if (fabs(dT) < 1e-13 * T) break;
  } while (++it < MAXIT);
  return T;
}

__device__ double rate_constant(int r, double T) {
  return exp(c_logA[r] + c_beta[r] * log(T) - c_Ea[r] / T);
}

// F + 2 O -> P (irreversible);  P + O -> 2 F (slow, second order)
__device__ void production_rates(const double* Y, double rho, double T, double* wdot) {
  double conc[NS];
  for (int k = 0; k < NS; ++k) conc[k] = rho * Y[k] / c_mw[k];
  const double q0 = rate_constant(0, T) * conc[0] * pow(conc[1], 1.5);
  const double q1 = rate_constant(1, T) * conc[2] * conc[1];
  wdot[0] = c_mw[0] * (-q0 + 2.0 * q1);
  wdot[1] = c_mw[1] * (-2.0 * q0 - q1);
  wdot[2] = c_mw[2] * (q0 - q1);
  wdot[3] = 0.0;
}

__global__ void chem_source(const double* __restrict__ Y, const double* __restrict__ e,
                            const double* __restrict__ rho, double* __restrict__ wdot,
                            double* __restrict__ T, int ncell) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c >= ncell) return;
  double y[NS];
  for (int k = 0; k < NS; ++k) y[k] = fmax(Y[c * NS + k], 0.0);  // clip undershoots
  const double Tc = temperature_from_energy(y, e[c], 1.5);
  T[c] = Tc;
  production_rates(y, rho[c], Tc, &wdot[c * NS]);
}
