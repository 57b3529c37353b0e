// cuad: --fn vdiff_step<double> --wrt theta,kdiff,sflux,hflux
// cuad: fwd --fn vdiff_step<double>
// Column physics: implicit (backward Euler) vertical diffusion of potential temperature in
// an atmospheric boundary-layer scheme. One thread per column; levels k = 0 (surface) ..
// NLEV-1 stored level-major (IX2 macro). Physical constants and the layer thicknesses live
// in a struct in __constant__ memory. Interface diffusivities are the column's K scaled by
// a smooth stability function of the local lapse rate. The tridiagonal system is built in
// per-thread local arrays and solved with the Thomas algorithm by a template helper taking
// arrays by reference. theta is updated in place; the column heating (W/m^2) is a
// diagnostic output. theta is the anomaly from a 290 K reference. Templated on precision.
#include <cuda_runtime.h>

namespace colphys {
constexpr int NLEV = 10;
struct PhysConst {
  double cp;     // J/kg/K
  double rho0;   // kg/m^3
  double dt;     // s
  double dz[NLEV];
};
}  // namespace colphys

__constant__ colphys::PhysConst c_phys;

#define IX2(c, k, ncol) ((k) * (ncol) + (c))

namespace colphys {

template <typename Real>
__device__ __forceinline__ Real stability(Real dthdz) {
  // Louis-type smooth reduction of mixing in stable stratification
  return Real(1) / (Real(1) + Real(40) * dthdz * dthdz);
}

template <typename Real, int N>
__device__ void thomas(const Real (&a)[N], const Real (&b)[N], const Real (&c)[N], Real (&d)[N]) {
  Real cp[N];
  cp[0] = c[0] / b[0];
  d[0] = d[0] / b[0];
  for (int k = 1; k < N; ++k) {
    const Real m = b[k] - a[k] * cp[k - 1];
    cp[k] = c[k] / m;
    d[k] = (d[k] - a[k] * d[k - 1]) / m;
  }
  for (int k = N - 2; k >= 0; --k) d[k] -= cp[k] * d[k + 1];
}

}  // namespace colphys

template <typename Real>
__global__ void vdiff_step(int ncol, Real* theta, const Real* __restrict__ kdiff,
                           const Real* __restrict__ sflux, Real* __restrict__ hflux) {
  using namespace colphys;
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c >= ncol) return;

  Real kint[NLEV + 1];
  kint[0] = Real(0);
  kint[NLEV] = Real(0);
  for (int k = 1; k < NLEV; ++k) {
    const Real dzi = Real(0.5) * (c_phys.dz[k - 1] + c_phys.dz[k]);
    const Real g = (theta[IX2(c, k, ncol)] - theta[IX2(c, k - 1, ncol)]) / dzi;
    kint[k] = kdiff[c] * stability(g);
  }

  Real a[NLEV], b[NLEV], cu[NLEV], d[NLEV];
  const Real dt = c_phys.dt;
  for (int k = 0; k < NLEV; ++k) {
    const Real dz = c_phys.dz[k];
    Real lo = Real(0), up = Real(0);
    if (k > 0) lo = dt * kint[k] / (dz * Real(0.5) * (c_phys.dz[k - 1] + dz));
    if (k < NLEV - 1) up = dt * kint[k + 1] / (dz * Real(0.5) * (c_phys.dz[k + 1] + dz));
    a[k] = -lo;
    cu[k] = -up;
    b[k] = Real(1) + lo + up;
    d[k] = theta[IX2(c, k, ncol)];
  }
  d[0] += dt * sflux[c] / (c_phys.rho0 * c_phys.cp * c_phys.dz[0]);

  thomas<Real, NLEV>(a, b, cu, d);

  Real heat = Real(0);
  for (int k = 0; k < NLEV; ++k) {
    const int i = IX2(c, k, ncol);
    heat += c_phys.rho0 * c_phys.cp * c_phys.dz[k] * (d[k] - theta[i]) / dt;
    theta[i] = d[k];
  }
  hflux[c] = heat;
}
