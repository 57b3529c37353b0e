// cuad: --fn diffuse7 --wrt u,kappa,un
// cuad: fwd --fn diffuse7
// One explicit step of 3-D heat conduction with a variable conductivity, the 7-point stencil
// of a porous-media / thermal code ported from Fortran: an IDX3 index macro, a 2-D dim3
// block over (x, y) with each thread marching up the z column, conductivities averaged
// harmonically on the faces by a helper, Dirichlet walls (boundary cells copied), a source
// term with per-material coefficients in __constant__ memory chosen by a switch on the cell's
// material id, and the parameters in a struct by value.
#include <cuda_runtime.h>

#define IDX3(i, j, k) ((k) * ny * nx + (j) * nx + (i))

struct Params {
  double dt, dx, dy, dz;
  int nx, ny, nz;
};

__constant__ double c_heat_cap[3] = {1.0, 2.4, 0.7};  // rock, water, air
__constant__ double c_source[3] = {0.05, 0.0, -0.02};

__device__ inline double face_k(double ka, double kb) { return 2.0 * ka * kb / (ka + kb); }

__device__ double face_flux(double ua, double ub, double ka, double kb, double inv_h2) {
  return face_k(ka, kb) * (ub - ua) * inv_h2;
}

__global__ void diffuse7(const double* __restrict__ u, const double* __restrict__ kappa,
                         const int* __restrict__ mat, double* __restrict__ un, Params p) {
  const int nx = p.nx, ny = p.ny, nz = p.nz;
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i >= nx || j >= ny) return;
  const double rx = 1.0 / (p.dx * p.dx), ry = 1.0 / (p.dy * p.dy), rz = 1.0 / (p.dz * p.dz);
  for (int k = 0; k < nz; ++k) {
    const int c = IDX3(i, j, k);
    if (i == 0 || j == 0 || k == 0 || i == nx - 1 || j == ny - 1 || k == nz - 1) {
      un[c] = u[c];  // fixed temperature walls
      continue;
    }
    const double uc = u[c], kc = kappa[c];
    double div = 0.0;
    div += face_flux(uc, u[IDX3(i + 1, j, k)], kc, kappa[IDX3(i + 1, j, k)], rx);
    div += face_flux(uc, u[IDX3(i - 1, j, k)], kc, kappa[IDX3(i - 1, j, k)], rx);
    div += face_flux(uc, u[IDX3(i, j + 1, k)], kc, kappa[IDX3(i, j + 1, k)], ry);
    div += face_flux(uc, u[IDX3(i, j - 1, k)], kc, kappa[IDX3(i, j - 1, k)], ry);
    div += face_flux(uc, u[IDX3(i, j, k + 1)], kc, kappa[IDX3(i, j, k + 1)], rz);
    div += face_flux(uc, u[IDX3(i, j, k - 1)], kc, kappa[IDX3(i, j, k - 1)], rz);
    double cap, src;
    switch (mat[c]) {
      case 0:
        cap = c_heat_cap[0];
        src = c_source[0] * uc;
        break;
      case 1:
        cap = c_heat_cap[1];
        src = c_source[1];
        break;
      default:
        cap = c_heat_cap[2];
        src = c_source[2] * uc * uc;
        break;
    }
    un[c] = uc + p.dt / cap * (div + src);
  }
}
