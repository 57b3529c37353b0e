// cuad: --fn simulate_swarm --wrt pos,vel,inv_mass,stiffness,final_pos
// cuad: fwd --fn simulate_swarm --wrt pos,vel,inv_mass,stiffness,final_pos
// A swarm of disc robots pushing each other, simulated from the host: every step clears a
// force buffer (cudaMemset), launches a pair kernel (one thread per candidate pair from a
// fixed neighbour list) that computes a smooth penalty repulsion (softplus of the overlap)
// and scatters equal and opposite forces into both robots with atomicAdd, then an integrate
// kernel (one thread per robot: drive toward a per-robot goal, drag, semi-implicit Euler
// updating velocity and position buffers in place). The kinetic energy after the last step
// is reduced on the host; the final positions are copied into the caller's array.
#include <cuda_runtime.h>
#include <vector>

struct Robot2D {
  double goal_x, goal_y, radius;
};

__global__ void pair_forces(int n_pairs, const int2* __restrict__ pairs, const double* __restrict__ pos,
                            const Robot2D* __restrict__ robots, double stiffness, double* force) {
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= n_pairs) return;
  const int a = pairs[p].x, b = pairs[p].y;
  const double dx = pos[2 * b] - pos[2 * a], dy = pos[2 * b + 1] - pos[2 * a + 1];
  const double dist = sqrt(dx * dx + dy * dy + 1e-9);
  const double overlap = robots[a].radius + robots[b].radius - dist;
  const double beta = 20.0;
  const double mag = stiffness * log1p(exp(beta * overlap)) / beta;
  const double fx = mag * dx / dist, fy = mag * dy / dist;
  atomicAdd(&force[2 * a], -fx);
  atomicAdd(&force[2 * a + 1], -fy);
  atomicAdd(&force[2 * b], fx);
  atomicAdd(&force[2 * b + 1], fy);
}

__global__ void integrate(int n, const Robot2D* __restrict__ robots, const double* __restrict__ inv_mass,
                          const double* __restrict__ force, double dt, double* pos, double* vel) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const Robot2D r = robots[i];
  const double gx = r.goal_x - pos[2 * i], gy = r.goal_y - pos[2 * i + 1];
  const double ax = inv_mass[i] * (force[2 * i] + 2.0 * gx) - 0.5 * vel[2 * i];
  const double ay = inv_mass[i] * (force[2 * i + 1] + 2.0 * gy) - 0.5 * vel[2 * i + 1];
  vel[2 * i] += dt * ax;
  vel[2 * i + 1] += dt * ay;
  pos[2 * i] += dt * vel[2 * i];
  pos[2 * i + 1] += dt * vel[2 * i + 1];
}

double simulate_swarm(int n, const double* pos, const double* vel, const double* inv_mass, const Robot2D* robots,
                      const int2* pairs, int n_pairs, double stiffness, int steps, double dt, double* final_pos) {
  double *d_pos, *d_vel, *d_im, *d_force;
  Robot2D* d_rob;
  int2* d_pairs;
  cudaMalloc(&d_pos, 2 * n * sizeof(double));
  cudaMalloc(&d_vel, 2 * n * sizeof(double));
  cudaMalloc(&d_im, n * sizeof(double));
  cudaMalloc(&d_force, 2 * n * sizeof(double));
  cudaMalloc(&d_rob, n * sizeof(Robot2D));
  cudaMalloc(&d_pairs, n_pairs * sizeof(int2));
  cudaMemcpy(d_pos, pos, 2 * n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_vel, vel, 2 * n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_im, inv_mass, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_rob, robots, n * sizeof(Robot2D), cudaMemcpyHostToDevice);
  cudaMemcpy(d_pairs, pairs, n_pairs * sizeof(int2), cudaMemcpyHostToDevice);
  const int T = 64;
  for (int s = 0; s < steps; ++s) {
    cudaMemset(d_force, 0, 2 * n * sizeof(double));
    pair_forces<<<(n_pairs + T - 1) / T, T>>>(n_pairs, d_pairs, d_pos, d_rob, stiffness, d_force);
    integrate<<<(n + T - 1) / T, T>>>(n, d_rob, d_im, d_force, dt, d_pos, d_vel);
  }
  std::vector<double> v(2 * n);
  cudaMemcpy(v.data(), d_vel, 2 * n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaMemcpy(final_pos, d_pos, 2 * n * sizeof(double), cudaMemcpyDeviceToHost);
  double ke = 0.0;
  for (int i = 0; i < n; ++i) ke += 0.5 * (v[2 * i] * v[2 * i] + v[2 * i + 1] * v[2 * i + 1]) / inv_mass[i];
  cudaFree(d_pos);
  cudaFree(d_vel);
  cudaFree(d_im);
  cudaFree(d_force);
  cudaFree(d_rob);
  cudaFree(d_pairs);
  return ke;
}
