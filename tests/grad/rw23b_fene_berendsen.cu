// cuad: --fn run_polymer --wrt pos,vel,k_fene
// cuad: fwd --fn run_polymer --wrt pos,vel,k_fene
// Bead-spring polymer (Kremer-Grest: FENE bonds + WCA repulsion between all beads) with a
// Berendsen thermostat, stepped from the host. Device buffers live in a struct handled by
// helpers (alloc_sim / release_sim, a force helper launching a memset and two kernels). Each
// step: forces, velocity-Verlet kick/drift, forces again, kick, then the kinetic energy is
// reduced on the device (shared-memory tree + atomicAdd), copied to the host, turned into a
// temperature and a Berendsen scaling factor there (sqrt, a guard against T = 0), and the
// velocities are rescaled by a kernel taking that host scalar. Returns the final temperature
// plus the bond energy.
#include <cuda_runtime.h>
#include <cmath>

struct Sim {
  double* x;
  double* v;
  double* f;
  double* scalars;  // [0] kinetic energy, [1] bond energy
  int n;
};

static void alloc_sim(Sim& s, int n) {
  s.n = n;
  cudaMalloc(&s.x, 3 * n * sizeof(double));
  cudaMalloc(&s.v, 3 * n * sizeof(double));
  cudaMalloc(&s.f, 3 * n * sizeof(double));
  cudaMalloc(&s.scalars, 2 * sizeof(double));
}

static void release_sim(Sim& s) {
  cudaFree(s.x);
  cudaFree(s.v);
  cudaFree(s.f);
  cudaFree(s.scalars);
}

__global__ void fene_bonds(const double* __restrict__ x, double* __restrict__ f, double k, double R0,
                           double* __restrict__ ebond, int n) {
  const int b = blockIdx.x * blockDim.x + threadIdx.x;  // bond b joins beads b and b+1
  if (b >= n - 1) return;
  double d[3], r2 = 0.0;
  for (int c = 0; c < 3; ++c) {
    d[c] = x[3 * (b + 1) + c] - x[3 * b + c];
    r2 += d[c] * d[c];
  }
  const double q = r2 / (R0 * R0);
  const double fs = k / (1.0 - q);  // force on bead b along d
  for (int c = 0; c < 3; ++c) {
    atomicAdd(&f[3 * b + c], fs * d[c]);
    atomicAdd(&f[3 * (b + 1) + c], -fs * d[c]);
  }
  atomicAdd(ebond, -0.5 * k * R0 * R0 * log(1.0 - q));
}

__global__ void wca_pairs(const double* __restrict__ x, double* __restrict__ f, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double rc2 = 1.2599210498948732;  // 2^(1/3)
  double fi[3] = {0.0, 0.0, 0.0};
  for (int j = 0; j < n; ++j) {
    if (j == i) continue;
    double d[3], r2 = 0.0;
    for (int c = 0; c < 3; ++c) {
      d[c] = x[3 * i + c] - x[3 * j + c];
      r2 += d[c] * d[c];
    }
    if (r2 > rc2) continue;
    const double ir6 = 1.0 / (r2 * r2 * r2);
    const double fs = 24.0 * ir6 * (2.0 * ir6 - 1.0) / r2;
    for (int c = 0; c < 3; ++c) fi[c] += fs * d[c];
  }
  for (int c = 0; c < 3; ++c) atomicAdd(&f[3 * i + c], fi[c]);
}

__global__ void kick(double* __restrict__ v, const double* __restrict__ f, double h, int n3) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k < n3) v[k] += h * f[k];
}

__global__ void drift(double* __restrict__ x, const double* __restrict__ v, double dt, int n3) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k < n3) x[k] += dt * v[k];
}

__global__ void kinetic_energy(const double* __restrict__ v, double* __restrict__ ke, int n3) {
  __shared__ double buf[128];
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  buf[threadIdx.x] = k < n3 ? 0.5 * v[k] * v[k] : 0.0;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) buf[threadIdx.x] += buf[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(ke, buf[0]);
}

__global__ void rescale(double* __restrict__ v, double lambda, int n3) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k < n3) v[k] *= lambda;
}

static void compute_forces(Sim& s, double k_fene, double R0) {
  cudaMemset(s.f, 0, 3 * s.n * sizeof(double));
  cudaMemset(s.scalars + 1, 0, sizeof(double));
  fene_bonds<<<(s.n + 127) / 128, 128>>>(s.x, s.f, k_fene, R0, s.scalars + 1, s.n);
  wca_pairs<<<(s.n + 127) / 128, 128>>>(s.x, s.f, s.n);
}

double run_polymer(double* pos, double* vel, int n, double k_fene, double dt, double T0, double tau, int steps) {
  const double R0 = 1.5;
  Sim s;
  alloc_sim(s, n);
  const int n3 = 3 * n, blocks = (n3 + 127) / 128;
  cudaMemcpy(s.x, pos, n3 * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(s.v, vel, n3 * sizeof(double), cudaMemcpyHostToDevice);
  compute_forces(s, k_fene, R0);
  double T = T0;
  for (int step = 0; step < steps; ++step) {
    kick<<<blocks, 128>>>(s.v, s.f, 0.5 * dt, n3);
    drift<<<blocks, 128>>>(s.x, s.v, dt, n3);
    compute_forces(s, k_fene, R0);
    kick<<<blocks, 128>>>(s.v, s.f, 0.5 * dt, n3);
    cudaMemset(s.scalars, 0, sizeof(double));
    kinetic_energy<<<blocks, 128>>>(s.v, s.scalars, n3);
    double ke = 0.0;
    cudaMemcpy(&ke, s.scalars, sizeof(double), cudaMemcpyDeviceToHost);
    T = 2.0 * ke / (3.0 * n - 3.0);
    double lambda = 1.0;
    if (T > 1e-12) lambda = std::sqrt(1.0 + dt / tau * (T0 / T - 1.0));
    rescale<<<blocks, 128>>>(s.v, lambda, n3);
  }
  double ebond = 0.0;
  cudaMemcpy(&ebond, s.scalars + 1, sizeof(double), cudaMemcpyDeviceToHost);
  cudaMemcpy(pos, s.x, n3 * sizeof(double), cudaMemcpyDeviceToHost);
  cudaMemcpy(vel, s.v, n3 * sizeof(double), cudaMemcpyDeviceToHost);
  release_sim(s);
  return T + ebond;
}
