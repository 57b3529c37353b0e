// cuad: --fn md_verlet --wrt pos,vel,k_spring
// A few velocity-Verlet steps of a small bead-spring + soft-repulsion system, driven from the
// host as in a minimal MD code: double3 state with user __host__ __device__ operators, a force
// kernel over half pairs (j > i) with Newton's third law through atomicAdd on a double* view of
// the double3 force array, harmonic bonds to the chain neighbour, cudaMemset of the forces before
// every evaluation, half-kick / drift and half-kick kernels updating positions and velocities in
// place, and the final kinetic energy reduced with a warp shuffle + atomicAdd and returned.
#include <cuda_runtime.h>

__host__ __device__ inline double3 operator+(double3 a, double3 b) {
  return make_double3(a.x + b.x, a.y + b.y, a.z + b.z);
}
__host__ __device__ inline double3 operator-(double3 a, double3 b) {
  return make_double3(a.x - b.x, a.y - b.y, a.z - b.z);
}
__host__ __device__ inline double3 operator*(double s, double3 a) {
  return make_double3(s * a.x, s * a.y, s * a.z);
}
__host__ __device__ inline double dot3(double3 a, double3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }

__global__ void pair_forces(const double3* __restrict__ x, double* __restrict__ f, double k_spring,
                            double r0, double a_rep, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double3 xi = x[i];
  for (int j = i + 1; j < n; ++j) {
    const double3 d = xi - x[j];
    const double r2 = dot3(d, d);
    double fs = a_rep * exp(-r2);  // soft Gaussian repulsion, -dU/dr / r with U = a/2 exp(-r2)
    if (j == i + 1) {
      const double r = sqrt(r2);
      fs += -k_spring * (r - r0) / r;
    }
    const double3 fij = fs * d;
    atomicAdd(&f[3 * i], fij.x);
    atomicAdd(&f[3 * i + 1], fij.y);
    atomicAdd(&f[3 * i + 2], fij.z);
    atomicAdd(&f[3 * j], -fij.x);
    atomicAdd(&f[3 * j + 1], -fij.y);
    atomicAdd(&f[3 * j + 2], -fij.z);
  }
}

__global__ void kick_drift(double3* x, double3* v, const double* __restrict__ f, double dt,
                           double inv_m, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double3 fi = make_double3(f[3 * i], f[3 * i + 1], f[3 * i + 2]);
  v[i] = v[i] + (0.5 * dt * inv_m) * fi;
  x[i] = x[i] + dt * v[i];
}

__global__ void kick(double3* v, const double* __restrict__ f, double dt, double inv_m, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  v[i] = v[i] + (0.5 * dt * inv_m) * make_double3(f[3 * i], f[3 * i + 1], f[3 * i + 2]);
}

__global__ void kinetic(const double3* __restrict__ v, double* __restrict__ ke, double m, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  double e = i < n ? 0.5 * m * dot3(v[i], v[i]) : 0.0;
  for (int off = 16; off > 0; off >>= 1) e += __shfl_down_sync(0xffffffffu, e, off);
  if ((threadIdx.x & 31) == 0) atomicAdd(ke, e);
}

double md_verlet(double3* pos, double3* vel, double k_spring, double dt, int n, int steps) {
  const double m = 1.5, r0 = 1.0, a_rep = 0.4;
  double3 *d_x, *d_v;
  double *d_f, *d_ke;
  cudaMalloc(&d_x, n * sizeof(double3));
  cudaMalloc(&d_v, n * sizeof(double3));
  cudaMalloc(&d_f, 3 * n * sizeof(double));
  cudaMalloc(&d_ke, sizeof(double));
  cudaMemcpy(d_x, pos, n * sizeof(double3), cudaMemcpyHostToDevice);
  cudaMemcpy(d_v, vel, n * sizeof(double3), cudaMemcpyHostToDevice);
  const int threads = 32, blocks = (n + threads - 1) / threads;
  cudaMemset(d_f, 0, 3 * n * sizeof(double));
  pair_forces<<<blocks, threads>>>(d_x, d_f, k_spring, r0, a_rep, n);
  for (int s = 0; s < steps; ++s) {
    kick_drift<<<blocks, threads>>>(d_x, d_v, d_f, dt, 1.0 / m, n);
    cudaMemset(d_f, 0, 3 * n * sizeof(double));
    pair_forces<<<blocks, threads>>>(d_x, d_f, k_spring, r0, a_rep, n);
    kick<<<blocks, threads>>>(d_v, d_f, dt, 1.0 / m, n);
  }
  cudaMemset(d_ke, 0, sizeof(double));
  kinetic<<<blocks, threads>>>(d_v, d_ke, m, n);
  double ke = 0.0;
  cudaMemcpy(&ke, d_ke, sizeof(double), cudaMemcpyDeviceToHost);
  cudaMemcpy(pos, d_x, n * sizeof(double3), cudaMemcpyDeviceToHost);
  cudaMemcpy(vel, d_v, n * sizeof(double3), cudaMemcpyDeviceToHost);
  cudaFree(d_x);
  cudaFree(d_v);
  cudaFree(d_f);
  cudaFree(d_ke);
  return ke;
}
