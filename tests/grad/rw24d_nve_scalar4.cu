// cuad: --fn nve_field_steps --wrt pos,vel,E_field,k_trap,pe
// cuad: fwd --fn nve_field_steps --wrt pos,vel,E_field,k_trap,pe
// HOOMD-style data packing for a few charged particles in a harmonic trap and a uniform
// external electric field: positions are double4 with the charge in w, velocities double4
// with the mass in w. The kernel runs nsteps of velocity Verlet per particle (one thread per
// particle, no pair forces). Small operator helpers on double4 are written so the packed w
// survives: `a += b` adds the xyz parts only (w of the left side is kept), `s * a` scales all
// four (the usual helper), and accel() builds the acceleration with w = 0. The drift is
// `p += dt * v` (the scaled velocity's w = dt * mass is ignored by +=). The final potential
// energy (trap + field) is added into one scalar with atomicAdd.
#include <cuda_runtime.h>

__host__ __device__ inline double4 operator*(double s, double4 a) { return make_double4(s * a.x, s * a.y, s * a.z, s * a.w); }
// xyz only: w carries the charge / the mass and must not change
__host__ __device__ inline void operator+=(double4& a, double4 b) {
  a.x += b.x;
  a.y += b.y;
  a.z += b.z;
}

__device__ inline double4 accel(double4 p, double4 v, double3 E, double k) {
  const double q = p.w, m = v.w;
  return make_double4((q * E.x - k * p.x) / m, (q * E.y - k * p.y) / m, (q * E.z - k * p.z) / m, 0.0);
}

__global__ void nve_field_steps(int n, double4* __restrict__ pos, double4* __restrict__ vel, double3 E_field,
                                double k_trap, double dt, int nsteps, double* __restrict__ pe) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double4 p = pos[i], v = vel[i];
  double4 a = accel(p, v, E_field, k_trap);
  for (int s = 0; s < nsteps; ++s) {
    v += (0.5 * dt) * a;
    p += dt * v;
    a = accel(p, v, E_field, k_trap);
    v += (0.5 * dt) * a;
  }
  pos[i] = p;
  vel[i] = v;
  const double r2 = p.x * p.x + p.y * p.y + p.z * p.z;
  atomicAdd(pe, 0.5 * k_trap * r2 - p.w * (E_field.x * p.x + E_field.y * p.y + E_field.z * p.z));
}
