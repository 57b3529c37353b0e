// cuad: --fn euler1d::hll_flux
// cuad: fwd --fn euler1d::hll_flux
// cuad: --fn euler1d::flux_divergence --wrt prim,gas,dudt
// A 1-D Euler solver's HLL Riemann flux, written as a chain of __device__ helpers that return
// through reference out-parameters: hll_flux -> wave_speeds -> sound_speed -> safe_sqrt (four
// deep), with conserved variables and fluxes in structs whose only field is a fixed array,
// primitive states passed by const reference, a bool-returning helper with two return paths,
// and hll_flux itself returning early (struct assignment to the out-parameter) in the two
// supersonic cases. Output 1 is the gradient of the flux function on its own, output 2 its
// pushforward, output 3 the gradient of the finite-volume kernel that calls it twice per cell.
#include <cuda_runtime.h>

namespace euler1d {

struct Gas {
  double gamma;
};
struct Prim {
  double rho, u, p;
};
struct Cons {
  double m[3];
};
struct Flux {
  double f[3];
};

__device__ bool safe_sqrt(double x, double& y) {
  if (x <= 0.0) {
    y = 0.0;
    return false;
  }
  y = sqrt(x);
  return true;
}

__device__ void sound_speed(const Prim& q, const Gas& g, double& c) {
  if (!safe_sqrt(g.gamma * q.p / q.rho, c)) c = 1e-8;
}

__device__ void to_conserved(const Prim& q, const Gas& g, Cons& U) {
  U.m[0] = q.rho;
  U.m[1] = q.rho * q.u;
  U.m[2] = q.p / (g.gamma - 1.0) + 0.5 * q.rho * q.u * q.u;
}

__device__ void physical_flux(const Prim& q, const Cons& U, Flux& F) {
  F.f[0] = U.m[1];
  F.f[1] = U.m[1] * q.u + q.p;
  F.f[2] = (U.m[2] + q.p) * q.u;
}

__device__ void wave_speeds(const Prim& L, const Prim& R, const Gas& g, double& sL, double& sR) {
  double cL, cR;
  sound_speed(L, g, cL);
  sound_speed(R, g, cR);
  sL = fmin(L.u - cL, R.u - cR);
  sR = fmax(L.u + cL, R.u + cR);
}

__device__ void hll_flux(const Prim& L, const Prim& R, const Gas& g, Flux& out) {
  double sL, sR;
  wave_speeds(L, R, g, sL, sR);
  Cons UL, UR;
  Flux FL, FR;
  to_conserved(L, g, UL);
  physical_flux(L, UL, FL);
  if (sL >= 0.0) {
    out = FL;
    return;
  }
  to_conserved(R, g, UR);
  physical_flux(R, UR, FR);
  if (sR <= 0.0) {
    out = FR;
    return;
  }
  const double inv = 1.0 / (sR - sL);
  for (int k = 0; k < 3; ++k)
    out.f[k] = (sR * FL.f[k] - sL * FR.f[k] + sL * sR * (UR.m[k] - UL.m[k])) * inv;
}

// dU/dt of cell i from the fluxes through its two faces (periodic).
__global__ void flux_divergence(const Prim* __restrict__ prim, Gas gas, double inv_dx,
                                double* __restrict__ dudt, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  Flux left, right;
  hll_flux(prim[(i + n - 1) % n], prim[i], gas, left);
  hll_flux(prim[i], prim[(i + 1) % n], gas, right);
  for (int k = 0; k < 3; ++k) dudt[3 * i + k] = -(right.f[k] - left.f[k]) * inv_dx;
}

}  // namespace euler1d
