// cuad: --fn implicit_mix --wrt temp,kv,sfc_flux,cprime
// cuad: fwd --fn implicit_mix --wrt temp,kv,sfc_flux,cprime
// Ocean vertical mixing, implicit in time, ported from Fortran: the tridiagonal system of
// each water column is solved with the Thomas algorithm whose modified upper diagonal lives
// in a global scratch array (cprime) of the model's layout (level-major, stride ncol), and
// the temperature is overwritten in place, first by the forward elimination and then by the
// back substitution that reads the level below it after it was updated. The column is
// walked with pointers advanced by the stride. Diffusivities kv live on the interfaces
// below each level (the last one unused); the surface heat flux enters the top level.
#include <cuda_runtime.h>

__global__ void implicit_mix(int ncol, int nz, const double* __restrict__ dz, double* temp,
                             const double* __restrict__ kv, const double* __restrict__ sfc_flux,
                             double dt, double* cprime) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c >= ncol) return;
  double* T = temp + c;
  double* cp = cprime + c;
  const double* K = kv + c;
  // level 0 (top): flux boundary condition
  {
    const double up = 0.0;
    const double dn = dt * K[0] / (dz[0] * 0.5 * (dz[0] + dz[1]));
    const double b = 1.0 + up + dn;
    T[0] = (T[0] + dt * sfc_flux[c] / (4.1e6 * dz[0])) / b;
    cp[0] = -dn / b;
  }
  for (int k = 1; k < nz; ++k) {
    const double* Kk = K + (size_t)k * ncol;
    const double up = dt * Kk[-ncol] / (dz[k] * 0.5 * (dz[k - 1] + dz[k]));
    const double dn = k + 1 < nz ? dt * Kk[0] / (dz[k] * 0.5 * (dz[k] + dz[k + 1])) : 0.0;
    const double a = -up;
    const double m = 1.0 + up + dn - a * cp[(size_t)(k - 1) * ncol];
    cp[(size_t)k * ncol] = -dn / m;
    T[(size_t)k * ncol] = (T[(size_t)k * ncol] - a * T[(size_t)(k - 1) * ncol]) / m;
  }
  double* Tk = T + (size_t)(nz - 2) * ncol;
  const double* cpk = cp + (size_t)(nz - 2) * ncol;
  for (int k = nz - 2; k >= 0; --k) {
    *Tk -= *cpk * Tk[ncol];
    Tk -= ncol;
    cpk -= ncol;
  }
}
