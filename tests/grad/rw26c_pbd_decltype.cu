// cuad: --fn pbd_rope_step --wrt pos,vel,inv_mass,anchor
// cuad: fwd --fn pbd_rope_step --wrt pos,vel,inv_mass,anchor
// Position-based dynamics (PBD) for a batch of tethers hanging from a robot's end effector,
// one thread per tether, written generically over the particle type: each substep pins
// particle 0 to the anchor, then for every other particle keeps the previous position in
// locals declared with `decltype(p[i].x)` (the particle's scalar type, whatever it is),
// predicts the position under gravity, projects it smoothly above the ground and sets the
// velocity to (x - x_prev) / h, the PBD update; then distance constraints between
// neighbours are projected (Gauss-Seidel, weighted by inverse masses) with the same
// velocity correction.
#include <cuda_runtime.h>

#define NP 8

struct Particle {
  double x, y;
};

template <class P>
__device__ void project_distance(P& a, P& b, double wa, double wb, double rest) {
  const double dx = b.x - a.x, dy = b.y - a.y;
  const double len = sqrt(dx * dx + dy * dy);
  const double c = (len - rest) / ((wa + wb) * len);
  a.x += wa * c * dx;
  a.y += wa * c * dy;
  b.x -= wb * c * dx;
  b.y -= wb * c * dy;
}

__global__ void pbd_rope_step(int n_ropes, int substeps, double dt, double rest, double ground, Particle* pos, Particle* vel,
                              const double* __restrict__ inv_mass, const Particle* __restrict__ anchor) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= n_ropes) return;
  Particle* p = pos + r * NP;
  Particle* v = vel + r * NP;
  const double h = dt / substeps;
  for (int s = 0; s < substeps; ++s) {
    p[0] = anchor[r];
    for (int i = 1; i < NP; ++i) {
      // predict, project onto the ground (smoothly), and update the velocity from the move
      decltype(p[i].x) x_prev = p[i].x;
      decltype(p[i].y) y_prev = p[i].y;
      v[i].y -= h * 9.81;
      p[i].x += h * v[i].x;
      p[i].y += h * v[i].y;
      const double pen = ground - p[i].y;
      p[i].y += log1p(exp(10.0 * pen)) / 10.0;
      v[i].x = (p[i].x - x_prev) / h;
      v[i].y = (p[i].y - y_prev) / h;
    }
    for (int i = 0; i + 1 < NP; ++i) {
      const double wa = i == 0 ? 0.0 : inv_mass[i], wb = inv_mass[i + 1];
      const Particle a0 = p[i], b0 = p[i + 1];
      project_distance(p[i], p[i + 1], wa, wb, rest);
      v[i].x += (p[i].x - a0.x) / h;
      v[i].y += (p[i].y - a0.y) / h;
      v[i + 1].x += (p[i + 1].x - b0.x) / h;
      v[i + 1].y += (p[i + 1].y - b0.y) / h;
    }
  }
}
