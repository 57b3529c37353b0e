// cuad: --fn coulomb_wolf --wrt pos,q,alpha,out
// cuad: fwd --fn coulomb_wolf --wrt pos,q,alpha,out
// Damped shifted-force Coulomb (Wolf summation) over a CSR neighbour list, written in the
// visitor style of modern MD engines: a device function template walks atom i's neighbours,
// applies the minimum image in a periodic box and the cutoff test, and calls the visitor
// lambda with (j, dx, dy, dz, r); the kernel's lambda captures the energy and force
// accumulators, the charges and alpha by reference and adds the pair terms. Output per atom:
// (energy, fx, fy, fz).
#include <cuda_runtime.h>
#include <math.h>

#define INV_SQRT_PI 0.56418958354775628695

template <class Visitor>
__device__ void for_each_neighbor(int i, const int* __restrict__ start, const int* __restrict__ nbr,
                                  const double* __restrict__ pos, double box, double rc, Visitor&& visit) {
  for (int k = start[i]; k < start[i + 1]; ++k) {
    const int j = nbr[k];
    double dx = pos[3 * i] - pos[3 * j];
    double dy = pos[3 * i + 1] - pos[3 * j + 1];
    double dz = pos[3 * i + 2] - pos[3 * j + 2];
    dx -= box * rint(dx / box);
    dy -= box * rint(dy / box);
    dz -= box * rint(dz / box);
    const double r = sqrt(dx * dx + dy * dy + dz * dz);
    if (r < rc) visit(j, dx, dy, dz, r);
  }
}

__global__ void coulomb_wolf(int n, const double* __restrict__ pos, const double* __restrict__ q,
                             const int* __restrict__ start, const int* __restrict__ nbr, double box, double rc,
                             double alpha, double* __restrict__ out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double erfc_rc = erfc(alpha * rc) / rc;
  const double dshift = erfc_rc / rc + 2.0 * alpha * INV_SQRT_PI * exp(-alpha * alpha * rc * rc) / rc;
  double e = -(0.5 * erfc_rc + alpha * INV_SQRT_PI) * q[i] * q[i];
  double fx = 0.0, fy = 0.0, fz = 0.0;
  for_each_neighbor(i, start, nbr, pos, box, rc, [&](int j, double dx, double dy, double dz, double r) {
    const double qq = q[i] * q[j];
    const double erfc_r = erfc(alpha * r) / r;
    e += 0.5 * qq * (erfc_r - erfc_rc + dshift * (r - rc));
    const double fr = qq * (erfc_r / r + 2.0 * alpha * INV_SQRT_PI * exp(-alpha * alpha * r * r) / r - dshift) / r;
    fx += fr * dx;
    fy += fr * dy;
    fz += fr * dz;
  });
  out[4 * i] = e;
  out[4 * i + 1] = fx;
  out[4 * i + 2] = fy;
  out[4 * i + 3] = fz;
}
