// Particle update using a local header (included twice: the include guard must hold).
#include "kernel_common.cuh"
#include "kernel_common.cuh"

__global__ void integrate(Particle *p, float3 gravity, float dt, int n) {
  int i = global_thread_id();
  if (i >= n)
    return;
  Particle q = p[i];
  q.vel = add3(q.vel, scale3(gravity, dt));
  q.pos = add3(q.pos, scale3(q.vel, dt));
  if (q.pos.y < 0.0f) {
    q.pos.y = -q.pos.y;
    q.vel.y = -0.8f * q.vel.y;
  }
  p[i] = q;
}

__global__ void kinetic_energy(const Particle *p, float *energy, int n) {
  int i = global_thread_id();
  if (i < n)
    energy[i] = 0.5f * p[i].mass * dot3(p[i].vel, p[i].vel);
}

void step(Particle *d_p, float *d_e, int n, float dt) {
  float3 g = make_float3(0.0f, -9.81f, 0.0f);
  integrate<<<DIV_UP(n, BLOCK_SIZE), BLOCK_SIZE>>>(d_p, g, dt, n);
  kinetic_energy<<<DIV_UP(n, BLOCK_SIZE), BLOCK_SIZE>>>(d_p, d_e, n);
}
