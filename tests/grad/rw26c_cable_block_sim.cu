// cuad: --fn cable_sim --wrt pos0,vel0,stiffness,actuation,pos_out
// cuad: fwd --fn cable_sim --wrt pos0,vel0,stiffness,actuation,pos_out
// A cable-driven (rope) manipulator as a 2-D mass-spring chain, simulated block-parallel:
// one block per environment, one thread per mass. Positions and velocities live in
// __shared__ arrays that every time step overwrites; each step reads the neighbours'
// positions (spring forces with a rest length, per-spring stiffness shared by all
// environments), synchronizes, updates the velocity with gravity, damping and - for the last
// mass - the per-step actuation force of this environment, synchronizes, then moves the
// positions (semi-implicit Euler). Mass 0 is pinned to the base. The final positions are
// written out.
#include <cuda_runtime.h>

#define NM 32

__device__ __forceinline__ void spring_force(float ax, float ay, float bx, float by, float k, float rest, float& fx,
                                             float& fy) {
  const float dx = bx - ax, dy = by - ay;
  const float len = sqrtf(dx * dx + dy * dy);
  const float f = k * (len - rest) / len;
  fx += f * dx;
  fy += f * dy;
}

__global__ void cable_sim(int n_steps, float dt, float rest, const float* __restrict__ pos0,
                          const float* __restrict__ vel0, const float* __restrict__ stiffness,
                          const float* __restrict__ actuation, float* __restrict__ pos_out) {
  __shared__ float px[NM], py[NM], vx[NM], vy[NM];
  const int env = blockIdx.x, i = threadIdx.x;
  px[i] = pos0[2 * (env * NM + i)];
  py[i] = pos0[2 * (env * NM + i) + 1];
  vx[i] = vel0[2 * (env * NM + i)];
  vy[i] = vel0[2 * (env * NM + i) + 1];
  __syncthreads();
  for (int t = 0; t < n_steps; ++t) {
    float fx = 0.0f, fy = -9.81f;
    if (i > 0) spring_force(px[i], py[i], px[i - 1], py[i - 1], stiffness[i - 1], rest, fx, fy);
    if (i < NM - 1) spring_force(px[i], py[i], px[i + 1], py[i + 1], stiffness[i], rest, fx, fy);
    if (i == NM - 1) {
      fx += actuation[2 * (env * n_steps + t)];
      fy += actuation[2 * (env * n_steps + t) + 1];
    }
    __syncthreads();
    if (i > 0) {
      vx[i] = (vx[i] + dt * fx) * 0.98f;
      vy[i] = (vy[i] + dt * fy) * 0.98f;
      px[i] += dt * vx[i];
      py[i] += dt * vy[i];
    }
    __syncthreads();
  }
  pos_out[2 * (env * NM + i)] = px[i];
  pos_out[2 * (env * NM + i) + 1] = py[i];
}
