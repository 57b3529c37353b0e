// cuad: --fn density_on_grid --wrt atoms,expo,coef,dm,rho
// cuad: fwd --fn density_on_grid --wrt atoms,expo,coef,dm,rho
// Electron density on a molecular integration grid from contracted Cartesian s and p shells:
// shells are structs (angular momentum, atom, offsets into the primitive and AO arrays, the
// number of primitives), AO values are evaluated by a function template on the angular
// momentum (dispatched by a switch on shell.l), primitives whose exponent * r^2 exceeds a
// screening cutoff are skipped, AO values go to a local array, and rho(r) = sum_{mu,nu}
// D_{mu nu} phi_mu phi_nu with the symmetric density matrix used as the upper triangle.
#include <cuda_runtime.h>
#include <math.h>

#define MAX_AO 16
#define SCREEN 36.0

struct Shell {
  int l;          // 0 = s, 1 = p
  int atom;
  int prim_off;   // first primitive
  int n_prim;
  int ao_off;     // first AO of the shell
};

template <int L>
__device__ void eval_shell(const Shell& sh, const double* __restrict__ expo,
                           const double* __restrict__ coef, double dx, double dy, double dz,
                           double* __restrict__ ao) {
  const double r2 = dx * dx + dy * dy + dz * dz;
  double radial = 0.0;
  for (int k = 0; k < sh.n_prim; ++k) {
    const double a = expo[sh.prim_off + k];
    if (a * r2 > SCREEN) continue;
    radial += coef[sh.prim_off + k] * exp(-a * r2);
  }
  if (L == 0) {
    ao[sh.ao_off] = radial;
  } else {
    ao[sh.ao_off] = dx * radial;
    ao[sh.ao_off + 1] = dy * radial;
    ao[sh.ao_off + 2] = dz * radial;
  }
}

__global__ void density_on_grid(int n_pts, const double* __restrict__ grid, int n_shell,
                                const Shell* __restrict__ shells, const double* __restrict__ atoms,
                                const double* __restrict__ expo, const double* __restrict__ coef,
                                int n_ao, const double* __restrict__ dm, double* __restrict__ rho) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n_pts) return;
  const double gx = grid[3 * i], gy = grid[3 * i + 1], gz = grid[3 * i + 2];
  double ao[MAX_AO];
  for (int s = 0; s < n_shell; ++s) {
    const Shell sh = shells[s];
    const double dx = gx - atoms[3 * sh.atom];
    const double dy = gy - atoms[3 * sh.atom + 1];
    const double dz = gz - atoms[3 * sh.atom + 2];
    switch (sh.l) {
      case 0:
        eval_shell<0>(sh, expo, coef, dx, dy, dz, ao);
        break;
      case 1:
        eval_shell<1>(sh, expo, coef, dx, dy, dz, ao);
        break;
      default:
        break;
    }
  }
  double r = 0.0;
  for (int mu = 0; mu < n_ao; ++mu) {
    r += dm[mu * n_ao + mu] * ao[mu] * ao[mu];
    for (int nu = mu + 1; nu < n_ao; ++nu) r += 2.0 * dm[mu * n_ao + nu] * ao[mu] * ao[nu];
  }
  rho[i] = r;
}
