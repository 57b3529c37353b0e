// cuad: --fn chem_substep --wrt c,arr,temp
// cuad: fwd --fn chem_substep --wrt c,arr,temp
// Gas-phase chemistry in a reacting-flow code, one cell per thread (grid-stride): a small
// mechanism with forward and reverse stoichiometric coefficients in __constant__ int tables,
// modified Arrhenius rates k = A T^b exp(-Ea / (R T)) with parameters stored as
// (log A, b, Ea) per reaction, reverse rates through an equilibrium constant from a Gibbs
// energy table, rates of progress as products of pow(c, nu), net production rates
// accumulated per species, and explicit sub-steps with a positivity floor (fmax) on the
// concentrations. Gradients with respect to the initial concentrations, the Arrhenius
// parameters and the cell temperatures.
#include <cuda_runtime.h>

#define NSP 5
#define NRX 4
#define R_GAS 8.314

// stoichiometry: A + B <-> C, C <-> D, 2 A <-> E, B + D <-> A + E
__constant__ int c_nuf[NRX][NSP] = {{1, 1, 0, 0, 0}, {0, 0, 1, 0, 0}, {2, 0, 0, 0, 0}, {0, 1, 0, 1, 0}};
__constant__ int c_nur[NRX][NSP] = {{0, 0, 1, 0, 0}, {0, 0, 0, 1, 0}, {0, 0, 0, 0, 1}, {1, 0, 0, 0, 1}};
__constant__ double c_dG[NRX] = {-4000.0, 1500.0, -2500.0, 800.0};  // J/mol at reference

__device__ __forceinline__ double arrhenius(const double* p, double T) {
  return exp(p[0]) * pow(T, p[1]) * exp(-p[2] / (R_GAS * T));
}

__device__ void production_rates(const double* c, const double* __restrict__ arr, double T,
                                 double* wdot) {
#pragma unroll
  for (int s = 0; s < NSP; ++s) wdot[s] = 0.0;
  for (int r = 0; r < NRX; ++r) {
    const double kf = arrhenius(arr + 3 * r, T);
    const double Kc = exp(-c_dG[r] / (R_GAS * T));
    const double kr = kf / Kc;
    double pf = 1.0, pr = 1.0;
    for (int s = 0; s < NSP; ++s) {
      if (c_nuf[r][s] > 0) pf *= pow(c[s], (double)c_nuf[r][s]);
      if (c_nur[r][s] > 0) pr *= pow(c[s], (double)c_nur[r][s]);
    }
    const double q = kf * pf - kr * pr;
    for (int s = 0; s < NSP; ++s) wdot[s] += (double)(c_nur[r][s] - c_nuf[r][s]) * q;
  }
}

__global__ void chem_substep(double* __restrict__ c, const double* __restrict__ arr,
                             const double* __restrict__ temp, double dt, int nsub, int ncell) {
  for (int cell = blockIdx.x * blockDim.x + threadIdx.x; cell < ncell;
       cell += blockDim.x * gridDim.x) {
    double y[NSP], wdot[NSP];
    for (int s = 0; s < NSP; ++s) y[s] = c[cell * NSP + s];
    const double T = temp[cell];
    const double h = dt / nsub;
    for (int it = 0; it < nsub; ++it) {
      production_rates(y, arr, T, wdot);
      for (int s = 0; s < NSP; ++s) y[s] = fmax(y[s] + h * wdot[s], 1e-12);
    }
    for (int s = 0; s < NSP; ++s) c[cell * NSP + s] = y[s];
  }
}
