// cuad: --fn column_fluxes --wrt kext,ssa,asym,albedo,flux_up,absorbed
// cuad: fwd --fn column_fluxes --wrt kext,ssa,asym,albedo,flux_up,absorbed
// cuad: fwd --fn two_stream
// Shortwave two-stream radiative transfer in independent columns, as a climate model's
// radiation code writes it: one thread per column, a ragged set of layers per column (CSR
// offsets, so each thread's loops run to its own layer count), Eddington two-stream
// reflection/transmission of each homogeneous layer returned in a struct by a __device__
// function, the direct beam attenuated by exp(-tau/mu0), the adding method from the surface
// upward (a recursion over the layers held in local arrays), then a downward sweep for the
// interface fluxes and the absorption of every layer (flux divergence).
#include <cuda_runtime.h>

#define MAXL 12

struct LayerOptics {
  double R;     // diffuse reflectance
  double T;     // diffuse transmittance
  double Rdir;  // direct -> diffuse up
  double Tdir;  // direct -> diffuse down
  double tr;    // direct beam transmittance
};

__device__ LayerOptics two_stream(double tau, double w, double g, double mu0) {
  const double g1 = (7.0 - w * (4.0 + 3.0 * g)) * 0.25;
  const double g2 = -(1.0 - w * (4.0 - 3.0 * g)) * 0.25;
  const double k = sqrt(g1 * g1 - g2 * g2);
  const double e1 = exp(-k * tau), e2 = e1 * e1;
  const double den = (k + g1) + (k - g1) * e2;
  LayerOptics o;
  o.R = g2 * (1.0 - e2) / den;
  o.T = 2.0 * k * e1 / den;
  o.tr = exp(-tau / mu0);
  const double scat = w * (1.0 - o.tr);
  const double back = 0.5 - 0.75 * g * mu0;  // backscattered fraction of the direct beam
  o.Rdir = scat * back;
  o.Tdir = scat * (1.0 - back);
  return o;
}

__global__ void column_fluxes(int ncol, const int* __restrict__ offs, const double* __restrict__ kext,
                              const double* __restrict__ ssa, const double* __restrict__ asym,
                              const double* __restrict__ dz, const double* __restrict__ mu0,
                              const double* __restrict__ albedo, double s0, double* flux_up,
                              double* absorbed) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c >= ncol) return;
  const int first = offs[c], nl = offs[c + 1] - offs[c];
  const double mu = mu0[c];
  LayerOptics lay[MAXL];
  for (int l = 0; l < nl; ++l) {
    const int q = first + l;
    lay[l] = two_stream(kext[q] * dz[q], ssa[q], asym[q], mu);
  }
  // adding from the surface up: reflectance of everything below interface l
  double rs[MAXL + 1], rsd[MAXL + 1];
  rs[nl] = albedo[c];
  rsd[nl] = albedo[c];
  for (int l = nl - 1; l >= 0; --l) {
    const double inv = 1.0 / (1.0 - lay[l].R * rs[l + 1]);
    rs[l] = lay[l].R + lay[l].T * lay[l].T * rs[l + 1] * inv;
    rsd[l] = lay[l].Rdir + (lay[l].tr * rsd[l + 1] + lay[l].Tdir * rs[l + 1]) * lay[l].T * inv;
  }
  // downward sweep
  double fdir = s0 * mu, fdn = 0.0;
  double net_top = fdir + fdn - (fdn * rs[0] + fdir * rsd[0]);
  flux_up[c] = fdn * rs[0] + fdir * rsd[0];
  for (int l = 0; l < nl; ++l) {
    const double fdir_next = fdir * lay[l].tr;
    const double fdn_next = (lay[l].T * fdn + fdir * lay[l].Tdir + lay[l].R * fdir_next * rsd[l + 1]) /
                            (1.0 - lay[l].R * rs[l + 1]);
    const double fup_next = fdn_next * rs[l + 1] + fdir_next * rsd[l + 1];
    const double net_bot = fdir_next + fdn_next - fup_next;
    absorbed[first + l] = net_top - net_bot;
    net_top = net_bot;
    fdir = fdir_next;
    fdn = fdn_next;
  }
}
