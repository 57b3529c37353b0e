// cuad: --fn relax_cluster --wrt pos,eps
// cuad: fwd --fn relax_cluster --wrt pos,eps
// Steepest-descent relaxation of a small Lennard-Jones cluster with an adaptive step, as in a
// geometry optimiser: a force kernel computes all-pairs forces and the largest force norm
// with the classic atomicCAS loop on the double's bit pattern (an atomicMax for doubles),
// the host reads that maximum back and chooses the step so that no atom moves more than
// max_disp, dt = min(dt_max, max_disp / F_max), and an update kernel moves the atoms in
// place. After n_steps the energy kernel writes per-atom energies that the host sums.
#include <cuda_runtime.h>
#include <cmath>
#include <algorithm>
#include <vector>

#define BLK 32

__device__ void lj_force_energy(int n, const double* pos, const double* eps, int i, double* f, double& e) {
  f[0] = f[1] = f[2] = 0.0;
  e = 0.0;
  for (int j = 0; j < n; ++j) {
    if (j == i) continue;
    double d[3], r2 = 0.0;
    for (int k = 0; k < 3; ++k) {
      d[k] = pos[3 * i + k] - pos[3 * j + k];
      r2 += d[k] * d[k];
    }
    const double eij = sqrt(eps[i] * eps[j]);
    const double s6 = 1.0 / (r2 * r2 * r2);
    e += 2.0 * eij * (s6 * s6 - s6);
    const double fs = 24.0 * eij * (2.0 * s6 * s6 - s6) / r2;
    for (int k = 0; k < 3; ++k) f[k] += fs * d[k];
  }
}

__global__ void forces_and_max(int n, const double* __restrict__ pos, const double* __restrict__ eps,
                               double* __restrict__ force, double* __restrict__ fmax_part) {
  __shared__ double smax[BLK];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  double fn = 0.0;
  if (i < n) {
    double f[3], e;
    lj_force_energy(n, pos, eps, i, f, e);
    for (int k = 0; k < 3; ++k) force[3 * i + k] = f[k];
    fn = sqrt(f[0] * f[0] + f[1] * f[1] + f[2] * f[2]);
  }
  smax[threadIdx.x] = fn;
  __syncthreads();
  for (int s = BLK / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) smax[threadIdx.x] = fmax(smax[threadIdx.x], smax[threadIdx.x + s]);
    __syncthreads();
  }
  if (threadIdx.x == 0) fmax_part[blockIdx.x] = smax[0];
}

__global__ void move_atoms(int n, double* __restrict__ pos, const double* __restrict__ force, double dt) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < 3 * n) pos[i] += dt * force[i];
}

__global__ void atom_energy(int n, const double* __restrict__ pos, const double* __restrict__ eps,
                            double* __restrict__ e_atom) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double f[3], e;
  lj_force_energy(n, pos, eps, i, f, e);
  e_atom[i] = e;
}

double relax_cluster(int n, double* pos, const double* eps, int n_steps, double dt_max, double max_disp) {
  const int blocks = (n + BLK - 1) / BLK;
  double *d_pos, *d_eps, *d_f, *d_fmax, *d_e;
  cudaMalloc(&d_pos, 3 * n * sizeof(double));
  cudaMalloc(&d_eps, n * sizeof(double));
  cudaMalloc(&d_f, 3 * n * sizeof(double));
  cudaMalloc(&d_fmax, blocks * sizeof(double));
  cudaMalloc(&d_e, n * sizeof(double));
  cudaMemcpy(d_pos, pos, 3 * n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_eps, eps, n * sizeof(double), cudaMemcpyHostToDevice);
  std::vector<double> part(blocks);
  for (int s = 0; s < n_steps; ++s) {
    forces_and_max<<<blocks, BLK>>>(n, d_pos, d_eps, d_f, d_fmax);
    cudaMemcpy(part.data(), d_fmax, blocks * sizeof(double), cudaMemcpyDeviceToHost);
    double fmax = 0.0;
    for (int b = 0; b < blocks; ++b) fmax = std::max(fmax, part[b]);
    const double dt = std::fmin(dt_max, max_disp / fmax);
    move_atoms<<<1, 64>>>(n, d_pos, d_f, dt);
  }
  atom_energy<<<1, 64>>>(n, d_pos, d_eps, d_e);
  std::vector<double> e(n);
  cudaMemcpy(e.data(), d_e, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaMemcpy(pos, d_pos, 3 * n * sizeof(double), cudaMemcpyDeviceToHost);
  double total = 0.0;
  for (int i = 0; i < n; ++i) total += e[i];
  cudaFree(d_pos);
  cudaFree(d_eps);
  cudaFree(d_f);
  cudaFree(d_fmax);
  cudaFree(d_e);
  return total;
}
