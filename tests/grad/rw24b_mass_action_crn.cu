// cuad: fwd --fn crn_rates
// cuad: --fn crn_rates --wrt conc,logk,dcdt
// cuad: fwd --fn crn_rates --wrt logk,dcdt
// Generic mass-action chemical reaction network, as a CRN simulator writes it: reactant and
// product stoichiometries are dense integer tables (NR x NS), every reaction's rate of
// progress is k_r * prod_s c_s^nu_rs over ALL species (the exponent is zero for species a
// reaction does not use), and the net rates are accumulated per species. Each thread
// evaluates one network instance (one well of a screen, with its own concentrations and
// rate constants). Some species start absent (concentration exactly 0): the primal is fine
// (pow(0, 0) = 1), and so is the derivative (d/dc c^0 = 0, d/dc c^1 = 1), but the product
// rule term nu * pow(c, nu - 1) is 0 * inf for nu = 0 and c = 0.
#include <cuda_runtime.h>
#include <cmath>

#define NS 5
#define NR 4

struct Network {
  int nu_f[NR][NS];
  int nu_r[NR][NS];
};

__device__ double progress(const int* nu, const double* c, double k) {
  double q = k;
  for (int s = 0; s < NS; ++s) q *= pow(c[s], (double)nu[s]);
  return q;
}

__global__ void crn_rates(const Network* __restrict__ net, const double* __restrict__ conc,
                          const double* __restrict__ logk, double* __restrict__ dcdt, int nwell) {
  const int w = blockIdx.x * blockDim.x + threadIdx.x;
  if (w >= nwell) return;
  const double* c = conc + w * NS;
  double rate[NS];
  for (int s = 0; s < NS; ++s) rate[s] = 0.0;
  for (int r = 0; r < NR; ++r) {
    const double q = progress(net->nu_f[r], c, exp(logk[w * NR + r]));
    for (int s = 0; s < NS; ++s) rate[s] += (net->nu_r[r][s] - net->nu_f[r][s]) * q;
  }
  for (int s = 0; s < NS; ++s) dcdt[w * NS + s] = rate[s];
}
