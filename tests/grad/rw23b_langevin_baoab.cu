// cuad: --fn langevin_run --wrt x,v,pot,gamma
// Langevin dynamics of a few soft particles in a harmonic trap with the BAOAB splitting,
// stepped from the host. The potential parameters (eps, sigma, trap stiffness) are copied to
// __constant__ memory with cudaMemcpyToSymbol once; the force kernel reads them directly. The
// host owns the cuRAND states (curand_init kernel with a fixed seed), the O step draws one
// normal per component with curand_normal_double from a local copy of the thread's state and
// stores the state back. The O-step coefficients c1 = exp(-gamma dt) and
// c2 = sqrt((1 - c1^2) kT) are computed on the host from the friction. Returns the final
// potential energy (atomicAdd in the force kernel).
#include <cuda_runtime.h>
#include <curand_kernel.h>
#include <cmath>

__constant__ double c_pot[3];  // eps, sigma, k_trap

__global__ void rng_setup(curandState* states, unsigned long long seed, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) curand_init(seed, i, 0, &states[i]);
}

__global__ void trap_forces(const double* __restrict__ x, double* __restrict__ f, double* __restrict__ epot, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double eps = c_pot[0], sigma = c_pot[1], k = c_pot[2];
  double fi[3], e = 0.0;
  for (int d = 0; d < 3; ++d) {
    fi[d] = -k * x[3 * i + d];
    e += 0.5 * k * x[3 * i + d] * x[3 * i + d];
  }
  for (int j = 0; j < n; ++j) {
    if (j == i) continue;
    double r[3], r2 = 0.0;
    for (int d = 0; d < 3; ++d) {
      r[d] = x[3 * i + d] - x[3 * j + d];
      r2 += r[d] * r[d];
    }
    // soft Gaussian core: U = eps exp(-r^2 / (2 sigma^2))
    const double g = eps * exp(-0.5 * r2 / (sigma * sigma));
    for (int d = 0; d < 3; ++d) fi[d] += g * r[d] / (sigma * sigma);
    e += 0.5 * g;
  }
  for (int d = 0; d < 3; ++d) f[3 * i + d] = fi[d];
  atomicAdd(epot, e);
}

__global__ void b_step(double* __restrict__ v, const double* __restrict__ f, double h, int n3) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k < n3) v[k] += h * f[k];
}

__global__ void a_step(double* __restrict__ x, const double* __restrict__ v, double h, int n3) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k < n3) x[k] += h * v[k];
}

__global__ void o_step(double* __restrict__ v, curandState* __restrict__ states, double c1, double c2, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  curandState s = states[i];
  for (int d = 0; d < 3; ++d) v[3 * i + d] = c1 * v[3 * i + d] + c2 * curand_normal_double(&s);
  states[i] = s;
}

double langevin_run(double* x, double* v, const double* pot, int n, double gamma, double kT, double dt, int steps) {
  const int n3 = 3 * n, T = 32, b1 = (n + T - 1) / T, b3 = (n3 + T - 1) / T;
  double *d_x, *d_v, *d_f, *d_e;
  curandState* d_rng;
  cudaMalloc(&d_x, n3 * sizeof(double));
  cudaMalloc(&d_v, n3 * sizeof(double));
  cudaMalloc(&d_f, n3 * sizeof(double));
  cudaMalloc(&d_e, sizeof(double));
  cudaMalloc(&d_rng, n * sizeof(curandState));
  cudaMemcpy(d_x, x, n3 * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_v, v, n3 * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpyToSymbol(c_pot, pot, 3 * sizeof(double));
  rng_setup<<<b1, T>>>(d_rng, 1234ULL, n);
  const double c1 = exp(-gamma * dt);
  const double c2 = sqrt((1.0 - c1 * c1) * kT);
  cudaMemset(d_e, 0, sizeof(double));
  trap_forces<<<b1, T>>>(d_x, d_f, d_e, n);
  for (int s = 0; s < steps; ++s) {
    b_step<<<b3, T>>>(d_v, d_f, 0.5 * dt, n3);
    a_step<<<b3, T>>>(d_x, d_v, 0.5 * dt, n3);
    o_step<<<b1, T>>>(d_v, d_rng, c1, c2, n);
    a_step<<<b3, T>>>(d_x, d_v, 0.5 * dt, n3);
    cudaMemset(d_e, 0, sizeof(double));
    trap_forces<<<b1, T>>>(d_x, d_f, d_e, n);
    b_step<<<b3, T>>>(d_v, d_f, 0.5 * dt, n3);
  }
  double epot = 0.0;
  cudaMemcpy(&epot, d_e, sizeof(double), cudaMemcpyDeviceToHost);
  cudaMemcpy(x, d_x, n3 * sizeof(double), cudaMemcpyDeviceToHost);
  cudaMemcpy(v, d_v, n3 * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_x);
  cudaFree(d_v);
  cudaFree(d_f);
  cudaFree(d_e);
  cudaFree(d_rng);
  return epot;
}
