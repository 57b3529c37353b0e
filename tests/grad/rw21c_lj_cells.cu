// cuad: --fn lj_cell_forces --wrt pos,prm,force,epot
// Lennard-Jones forces and energies in a periodic 2-D box with a cell list, as an MD code
// ported from C writes it: the particles are binned on the host into cells of size >= rc
// (cell_start/cell_count over a sorted particle list, each particle's cell id), each thread
// visits the 3x3 neighbouring cells with periodic wrap-around, applies the minimum image with
// rint, and accumulates a truncated and shifted LJ pair term computed by a helper with
// out-parameters by reference. The LJ parameters (epsilon, sigma) are in a struct by value.
#include <cuda_runtime.h>

#define SQR(x) ((x) * (x))

struct LJParams {
  double eps, sigma, rc;
  double box;
  int ncell;  // cells per side
};

__device__ void lj_pair(double r2, double eps, double sigma, double rc, double& fr, double& u) {
  const double s2 = SQR(sigma) / r2;
  const double s6 = s2 * s2 * s2;
  const double sc2 = SQR(sigma / rc);
  const double sc6 = sc2 * sc2 * sc2;
  fr = 24.0 * eps * (2.0 * s6 * s6 - s6) / r2;   // F = fr * d
  u = 4.0 * eps * (s6 * s6 - s6) - 4.0 * eps * (sc6 * sc6 - sc6);
}

__global__ void lj_cell_forces(const double* __restrict__ pos, const int* __restrict__ cell_of,
                               const int* __restrict__ cell_start,
                               const int* __restrict__ cell_count, const int* __restrict__ sorted,
                               LJParams prm, double* __restrict__ force, double* __restrict__ epot,
                               int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double xi = pos[2 * i], yi = pos[2 * i + 1];
  const int ci = cell_of[i];
  const int cx = ci % prm.ncell, cy = ci / prm.ncell;
  const double rc2 = prm.rc * prm.rc;
  double fx = 0.0, fy = 0.0, e = 0.0;
  for (int oy = -1; oy <= 1; ++oy) {
    for (int ox = -1; ox <= 1; ++ox) {
      const int nxc = (cx + ox + prm.ncell) % prm.ncell;
      const int nyc = (cy + oy + prm.ncell) % prm.ncell;
      const int nc = nyc * prm.ncell + nxc;
      for (int s = cell_start[nc]; s < cell_start[nc] + cell_count[nc]; ++s) {
        const int j = sorted[s];
        if (j == i) continue;
        double dx = pos[2 * j] - xi, dy = pos[2 * j + 1] - yi;
        dx -= prm.box * rint(dx / prm.box);
        dy -= prm.box * rint(dy / prm.box);
        const double r2 = dx * dx + dy * dy;
        if (r2 >= rc2) continue;
        double fr, u;
        lj_pair(r2, prm.eps, prm.sigma, prm.rc, fr, u);
        fx -= fr * dx;
        fy -= fr * dy;
        e += 0.5 * u;
      }
    }
  }
  force[2 * i] = fx;
  force[2 * i + 1] = fy;
  epot[i] = e;
}
