// cuad: --fn ode::ensemble_energy --wrt x0,v0,mu,omega
// cuad: fwd --fn ode::ensemble_energy --wrt x0,v0,mu,omega
// An ensemble of forced Van der Pol oscillators integrated with classical RK4, one thread per
// member, one launch per time step from a host loop (the forcing phase omega*t is advanced on
// the host), then a kernel computes each member's energy and the host averages them. A
// namespace, a State struct with a __device__ right-hand side, static helpers, a
// cudaDeviceSynchronize and a progress printf every 10 steps.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CUDA_CHECK(call)                                                        \
  do {                                                                          \
    cudaError_t e = (call);                                                     \
    if (e != cudaSuccess) {                                                     \
      fprintf(stderr, "CUDA %s at %s:%d\n", cudaGetErrorString(e), __FILE__, __LINE__); \
      exit(1);                                                                  \
    }                                                                           \
  } while (0)

namespace ode {

struct State {
  double x;
  double v;
};

constexpr double kForce = 0.5;

__device__ inline State rhs(State s, double mu, double phase) {
  State d;
  d.x = s.v;
  d.v = mu * (1.0 - s.x * s.x) * s.v - s.x + kForce * cos(phase);
  return d;
}

__device__ inline State axpy(State a, double h, State k) {
  State r;
  r.x = a.x + h * k.x;
  r.v = a.v + h * k.v;
  return r;
}

__global__ void rk4_step(double* __restrict__ X, double* __restrict__ V,
                         const double* __restrict__ mu, double t, double dt, double omega,
                         int members) {
  const int m = blockIdx.x * blockDim.x + threadIdx.x;
  if (m >= members) return;
  State s{X[m], V[m]};
  const double mm = mu[m];
  State k1 = rhs(s, mm, omega * t);
  State k2 = rhs(axpy(s, 0.5 * dt, k1), mm, omega * (t + 0.5 * dt));
  State k3 = rhs(axpy(s, 0.5 * dt, k2), mm, omega * (t + 0.5 * dt));
  State k4 = rhs(axpy(s, dt, k3), mm, omega * (t + dt));
  X[m] = s.x + dt / 6.0 * (k1.x + 2.0 * k2.x + 2.0 * k3.x + k4.x);
  V[m] = s.v + dt / 6.0 * (k1.v + 2.0 * k2.v + 2.0 * k3.v + k4.v);
}

__global__ void energy(const double* __restrict__ X, const double* __restrict__ V,
                       double* __restrict__ E, int members) {
  const int m = blockIdx.x * blockDim.x + threadIdx.x;
  if (m < members) E[m] = 0.5 * V[m] * V[m] + 0.5 * X[m] * X[m];
}

static int blocks_for(int n, int threads) { return (n + threads - 1) / threads; }

double ensemble_energy(const double* x0, const double* v0, const double* mu, double omega,
                       int members, int nsteps, double dt) {
  if (members <= 0) return 0.0;
  const size_t bytes = members * sizeof(double);
  double *dX, *dV, *dMu, *dE;
  CUDA_CHECK(cudaMalloc(&dX, bytes));
  CUDA_CHECK(cudaMalloc(&dV, bytes));
  CUDA_CHECK(cudaMalloc(&dMu, bytes));
  CUDA_CHECK(cudaMalloc(&dE, bytes));
  CUDA_CHECK(cudaMemcpy(dX, x0, bytes, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(dV, v0, bytes, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(dMu, mu, bytes, cudaMemcpyHostToDevice));

  const int threads = 64;
  const int blocks = blocks_for(members, threads);
  double t = 0.0;
  for (int step = 0; step < nsteps; ++step) {
    rk4_step<<<blocks, threads>>>(dX, dV, dMu, t, dt, omega, members);
    CUDA_CHECK(cudaGetLastError());
    t += dt;
    if ((step + 1) % 10 == 0) printf("  ode: step %d, t = %.3f\n", step + 1, t);
  }
  energy<<<blocks, threads>>>(dX, dV, dE, members);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());

  std::vector<double> h_E(members);
  CUDA_CHECK(cudaMemcpy(h_E.data(), dE, bytes, cudaMemcpyDeviceToHost));
  double mean = 0.0;
  for (int m = 0; m < members; ++m) mean += h_E[m];
  mean /= members;

  CUDA_CHECK(cudaFree(dX));
  CUDA_CHECK(cudaFree(dV));
  CUDA_CHECK(cudaFree(dMu));
  CUDA_CHECK(cudaFree(dE));
  return mean;
}

}  // namespace ode
