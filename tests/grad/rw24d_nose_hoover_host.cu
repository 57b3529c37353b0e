// cuad: --fn nvt_nose_hoover --wrt x,v,eps,Q,kT
// NVT molecular dynamics of a small Lennard-Jones cluster (no box, all pairs) with a single
// Nose-Hoover thermostat, the way a simple GPU MD code splits the work: the particle updates
// run on the device, the thermostat variable xi lives on the host. Every half step the host
// launches a kinetic-energy reduction (cudaMemset + atomicAdd), copies the scalar back,
// advances xi with the Nose-Hoover equation, computes the velocity scaling exp(-xi dt / 2) on
// the host and launches a scaling kernel with it. In between: half kick, drift, forces
// (one thread per atom over all other atoms, potential energy with atomicAdd), half kick.
// Returns the conserved Nose-Hoover energy estimate; positions and velocities are updated
// in place on the host arrays.
#include <cuda_runtime.h>
#include <cmath>

__global__ void lj_cluster_forces(int n, const double* __restrict__ x, double eps, double sigma,
                                  double* __restrict__ f, double* __restrict__ pe) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double fx = 0.0, fy = 0.0, fz = 0.0, e = 0.0;
  for (int j = 0; j < n; ++j) {
    if (j == i) continue;
    const double dx = x[3 * i] - x[3 * j], dy = x[3 * i + 1] - x[3 * j + 1], dz = x[3 * i + 2] - x[3 * j + 2];
    const double r2 = dx * dx + dy * dy + dz * dz;
    const double s6 = pow(sigma * sigma / r2, 3);
    const double fr = 24.0 * eps * (2.0 * s6 * s6 - s6) / r2;
    fx += fr * dx;
    fy += fr * dy;
    fz += fr * dz;
    e += 2.0 * eps * (s6 * s6 - s6);  // half of 4 eps (...) per visit
  }
  f[3 * i] = fx;
  f[3 * i + 1] = fy;
  f[3 * i + 2] = fz;
  atomicAdd(pe, e);
}

__global__ void kinetic_energy(int n3, const double* __restrict__ v, double* __restrict__ ke) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k < n3) atomicAdd(ke, 0.5 * v[k] * v[k]);
}

__global__ void scale_velocities(int n3, double* __restrict__ v, double s) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k < n3) v[k] *= s;
}

__global__ void kick(int n3, double* __restrict__ v, const double* __restrict__ f, double h) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k < n3) v[k] += h * f[k];
}

__global__ void drift(int n3, double* __restrict__ x, const double* __restrict__ v, double dt) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k < n3) x[k] += dt * v[k];
}

static double device_ke(int n3, const double* d_v, double* d_ke) {
  cudaMemset(d_ke, 0, sizeof(double));
  kinetic_energy<<<(n3 + 63) / 64, 64>>>(n3, d_v, d_ke);
  double ke = 0.0;
  cudaMemcpy(&ke, d_ke, sizeof(double), cudaMemcpyDeviceToHost);
  return ke;
}

double nvt_nose_hoover(double* x, double* v, int n, double eps, double sigma, double Q, double kT, double dt,
                       int nsteps) {
  const int n3 = 3 * n, blocks = (n3 + 63) / 64;
  const double g = n3;  // degrees of freedom
  double *d_x, *d_v, *d_f, *d_pe, *d_ke;
  cudaMalloc(&d_x, n3 * sizeof(double));
  cudaMalloc(&d_v, n3 * sizeof(double));
  cudaMalloc(&d_f, n3 * sizeof(double));
  cudaMalloc(&d_pe, sizeof(double));
  cudaMalloc(&d_ke, sizeof(double));
  cudaMemcpy(d_x, x, n3 * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_v, v, n3 * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemset(d_pe, 0, sizeof(double));
  lj_cluster_forces<<<(n + 31) / 32, 32>>>(n, d_x, eps, sigma, d_f, d_pe);
  double xi = 0.0, eta = 0.0;
  for (int step = 0; step < nsteps; ++step) {
    double ke = device_ke(n3, d_v, d_ke);
    xi += 0.5 * dt * (2.0 * ke - g * kT) / Q;
    eta += 0.5 * dt * xi;
    scale_velocities<<<blocks, 64>>>(n3, d_v, exp(-0.5 * dt * xi));
    kick<<<blocks, 64>>>(n3, d_v, d_f, 0.5 * dt);
    drift<<<blocks, 64>>>(n3, d_x, d_v, dt);
    cudaMemset(d_pe, 0, sizeof(double));
    lj_cluster_forces<<<(n + 31) / 32, 32>>>(n, d_x, eps, sigma, d_f, d_pe);
    kick<<<blocks, 64>>>(n3, d_v, d_f, 0.5 * dt);
    ke = device_ke(n3, d_v, d_ke);
    scale_velocities<<<blocks, 64>>>(n3, d_v, exp(-0.5 * dt * xi));
    eta += 0.5 * dt * xi;
    ke = device_ke(n3, d_v, d_ke);
    xi += 0.5 * dt * (2.0 * ke - g * kT) / Q;
  }
  double pe = 0.0;
  cudaMemcpy(&pe, d_pe, sizeof(double), cudaMemcpyDeviceToHost);
  const double ke = device_ke(n3, d_v, d_ke);
  cudaMemcpy(x, d_x, n3 * sizeof(double), cudaMemcpyDeviceToHost);
  cudaMemcpy(v, d_v, n3 * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_x);
  cudaFree(d_v);
  cudaFree(d_f);
  cudaFree(d_pe);
  cudaFree(d_ke);
  return ke + pe + 0.5 * Q * xi * xi + g * kT * eta;
}
