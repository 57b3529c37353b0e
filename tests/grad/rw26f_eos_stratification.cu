// cuad: --fn eos_column<float> --wrt temp,salt,n2,pe
// cuad: fwd --fn eos_column<double>
// cuad: --fn ocean_eos::sigma_insitu<double>
// Ocean equation of state and stratification diagnostics: the in-situ density anomaly is a
// polynomial in scaled temperature, salinity and pressure (a 4 x 3 x 3 coefficient table in
// __constant__ memory, evaluated by nested Horner loops), templated on precision. One thread
// per column computes, for its own number of wet levels, the squared buoyancy frequency at
// every interface from the locally referenced density jump (both levels evaluated at the
// interface pressure) and the column potential energy anomaly. Layouts through macros.
#include <cuda_runtime.h>

namespace ocean_eos {
constexpr int NT = 4, NS = 3, NP = 3;
constexpr double kGrav = 9.81;
constexpr double kRho0 = 1027.0;
}  // namespace ocean_eos

__constant__ double c_eos[ocean_eos::NT * ocean_eos::NS * ocean_eos::NP];

#define COEF(i, j, k) c_eos[((i) * ocean_eos::NS + (j)) * ocean_eos::NP + (k)]
#define LEV(c, k) ((c) * nzmax + (k))

namespace ocean_eos {

template <typename Real>
__device__ Real sigma_insitu(Real t, Real s, Real p) {
  const Real tt = t / Real(40);
  const Real ss = (s - Real(35)) / Real(5);
  const Real pp = p / Real(1000);
  Real r = Real(0);
  for (int i = NT - 1; i >= 0; --i) {
    Real rs = Real(0);
    for (int j = NS - 1; j >= 0; --j) {
      Real rp = Real(0);
      for (int k = NP - 1; k >= 0; --k) rp = rp * pp + Real(COEF(i, j, k));
      rs = rs * ss + rp;
    }
    r = r * tt + rs;
  }
  return r;
}

}  // namespace ocean_eos

template <typename Real>
__global__ void eos_column(int ncol, int nzmax, const int* __restrict__ nwet,
                           const Real* __restrict__ temp, const Real* __restrict__ salt,
                           const Real* __restrict__ zlev, Real* __restrict__ n2,
                           Real* __restrict__ pe) {
  using namespace ocean_eos;
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c >= ncol) return;
  const int nz = nwet[c];
  Real energy = Real(0);
  for (int k = 0; k < nz; ++k) {
    const Real z = zlev[k];  // depth of level k (m, positive down), ~ pressure in dbar
    const Real thick = k + 1 < nzmax ? zlev[k + 1] - z : zlev[k] - zlev[k - 1];
    energy += Real(kGrav) * sigma_insitu(temp[LEV(c, k)], salt[LEV(c, k)], z) * z * thick;
    if (k + 1 < nz) {
      const Real zi = Real(0.5) * (z + zlev[k + 1]);
      const Real up = sigma_insitu(temp[LEV(c, k)], salt[LEV(c, k)], zi);
      const Real dn = sigma_insitu(temp[LEV(c, k + 1)], salt[LEV(c, k + 1)], zi);
      n2[LEV(c, k)] = Real(kGrav / kRho0) * (dn - up) / (zlev[k + 1] - z);
    } else {
      n2[LEV(c, k)] = Real(0);
    }
  }
  pe[c] = energy;
}
