// cuad: fwd --fn verlet_bonds --wrt old,atoms,kb
// cuad: --fn verlet_bonds --wrt old,atoms,kb
// A velocity-Verlet half step of a bead-spring polymer code: atoms as an array of structs
// updated in place through a pointer (`Atom* a = &atoms[i]`, `a->v.x += ...`), bonds per atom
// in CSR form with a bond type selecting the rest length from a __constant__ table through a
// switch (harmonic or FENE-like stiffening), a per-type stiffness array, and the kick-drift
// written back. Forward mode gives the tangent of the new state along a perturbation of the
// state and the stiffnesses; reverse mode the adjoint of the same kernel.
#include <cuda_runtime.h>

struct Atom {
  double3 x;
  double3 v;
  double inv_m;
};

__constant__ double c_r0[3] = {1.0, 1.2, 0.9};

__device__ double bond_force(int type, double r, double k) {
  const double dr = r - c_r0[type];
  switch (type) {
    case 0:
      return -k * dr;  // harmonic
    case 1: {
      const double s = dr / 0.5;
      return -k * dr / (1.0 - s * s);  // stiffening near the maximum extension
    }
    default:
      return -k * dr * (1.0 + dr * dr);  // anharmonic
  }
}

__global__ void verlet_bonds(const int* __restrict__ bond_off, const int* __restrict__ bond_j,
                             const int* __restrict__ bond_t, const Atom* __restrict__ old,
                             Atom* atoms, const double* __restrict__ kb, double dt, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const Atom me = old[i];
  double fx = 0.0, fy = 0.0, fz = 0.0;
  for (int b = bond_off[i]; b < bond_off[i + 1]; ++b) {
    const int j = bond_j[b];
    const int t = bond_t[b];
    const double dx = me.x.x - old[j].x.x;
    const double dy = me.x.y - old[j].x.y;
    const double dz = me.x.z - old[j].x.z;
    const double r = sqrt(dx * dx + dy * dy + dz * dz);
    const double f = bond_force(t, r, kb[t]) / r;
    fx += f * dx;
    fy += f * dy;
    fz += f * dz;
  }
  Atom* a = &atoms[i];
  a->v.x += 0.5 * dt * fx * me.inv_m;
  a->v.y += 0.5 * dt * fy * me.inv_m;
  a->v.z += 0.5 * dt * fz * me.inv_m;
  a->x.x += dt * a->v.x;
  a->x.y += dt * a->v.y;
  a->x.z += dt * a->v.z;
}
