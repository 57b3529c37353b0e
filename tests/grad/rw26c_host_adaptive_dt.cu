// cuad: --fn simulate_adaptive --wrt q0,qd0,stiffness,q_out
// cuad: fwd --fn simulate_adaptive --wrt q0,qd0,stiffness,q_out
// A batch of spring-loaded two-link legs (hopping robots) integrated with an adaptive time
// step chosen on the host: after every step a kernel sums the kinetic energy of all
// environments into a device scalar (atomicAdd), the host copies it back and shrinks the
// next step smoothly as the energy grows (dt = dt0 / sqrt(1 + KE / n)); the step kernel
// takes dt as an argument. The state lives in a reused device buffer; a scratch buffer holds
// the per-environment energies and is reused for the final cost. The host also keeps the
// elapsed time and adds a time-matching penalty to the cost it returns.
#include <cuda_runtime.h>
#include <cmath>
#include <vector>

__global__ void leg_step(int n, double dt, const double* __restrict__ stiffness, double* q, double* qd) {
  const int e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= n) return;
  const double k1 = stiffness[0], k2 = stiffness[1];
  const double q1 = q[2 * e], q2 = q[2 * e + 1];
  // torques: joint springs plus coupling through the second link's gravity load
  const double t1 = -k1 * q1 - 2.0 * sin(q1) - 0.5 * sin(q1 + q2);
  const double t2 = -k2 * q2 - 0.5 * sin(q1 + q2) - 0.3 * qd[2 * e + 1];
  qd[2 * e] += dt * t1;
  qd[2 * e + 1] += dt * t2 / 0.4;
  q[2 * e] += dt * qd[2 * e];
  q[2 * e + 1] += dt * qd[2 * e + 1];
}

__global__ void kinetic_energy(int n, const double* __restrict__ qd, double* __restrict__ per_env, double* total) {
  const int e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= n) return;
  const double ke = 0.5 * qd[2 * e] * qd[2 * e] + 0.2 * qd[2 * e + 1] * qd[2 * e + 1];
  per_env[e] = ke;
  atomicAdd(total, ke);
}

double simulate_adaptive(int n, const double* q0, const double* qd0, const double* stiffness, int steps, double dt0,
                         double t_goal, double* q_out) {
  double *d_q, *d_qd, *d_k, *d_scratch, *d_total;
  cudaMalloc(&d_q, 2 * n * sizeof(double));
  cudaMalloc(&d_qd, 2 * n * sizeof(double));
  cudaMalloc(&d_k, 2 * sizeof(double));
  cudaMalloc(&d_scratch, n * sizeof(double));
  cudaMalloc(&d_total, sizeof(double));
  cudaMemcpy(d_q, q0, 2 * n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_qd, qd0, 2 * n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_k, stiffness, 2 * sizeof(double), cudaMemcpyHostToDevice);
  const int T = 32, B = (n + T - 1) / T;
  double dt = dt0, elapsed = 0.0;
  for (int s = 0; s < steps; ++s) {
    leg_step<<<B, T>>>(n, dt, d_k, d_q, d_qd);
    elapsed += dt;
    cudaMemset(d_total, 0, sizeof(double));
    kinetic_energy<<<B, T>>>(n, d_qd, d_scratch, d_total);
    double ke = 0.0;
    cudaMemcpy(&ke, d_total, sizeof(double), cudaMemcpyDeviceToHost);
    dt = dt0 / sqrt(1.0 + ke / n);
  }
  std::vector<double> ke_env(n);
  cudaMemcpy(ke_env.data(), d_scratch, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaMemcpy(q_out, d_q, 2 * n * sizeof(double), cudaMemcpyDeviceToHost);
  double cost = (elapsed - t_goal) * (elapsed - t_goal);
  for (int e = 0; e < n; ++e) cost += ke_env[e] / n;
  cudaFree(d_q);
  cudaFree(d_qd);
  cudaFree(d_k);
  cudaFree(d_scratch);
  cudaFree(d_total);
  return cost;
}
