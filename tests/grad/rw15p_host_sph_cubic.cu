// cuad: --fn sph_rhs --wrt parts,mass,cs2,acc_out
// The right-hand side of a 3-D SPH code with variable smoothing lengths, run from the host:
// particles as an array of structs (position as double3, smoothing length h), the M4 cubic
// spline kernel and its gradient with its three branches, the symmetrised smoothing length
// h_ij = (h_i + h_j) / 2, a grid-stride density pass over all pairs (const references to the
// particle structs), an isothermal equation of state and the symmetric pressure force
// -m (P_i / rho_i^2 + P_j / rho_j^2) grad W_ij, with cudaMalloc/cudaMemcpy/cudaFree around.
#include <cuda_runtime.h>

struct Particle {
  double3 x;
  double h;
};

#define SPH_PI 3.14159265358979323846

__device__ __forceinline__ double cubic_w(double r, double h) {
  const double q = r / h;
  const double sigma = 1.0 / (SPH_PI * h * h * h);
  if (q < 1.0) return sigma * (1.0 - 1.5 * q * q + 0.75 * q * q * q);
  if (q < 2.0) {
    const double t = 2.0 - q;
    return sigma * 0.25 * t * t * t;
  }
  return 0.0;
}

// (dW/dr) / r, so that grad W = dx * cubic_dw_over_r(r, h).
__device__ __forceinline__ double cubic_dw_over_r(double r, double h) {
  const double q = r / h;
  const double sigma = 1.0 / (SPH_PI * h * h * h * h);
  double dwdq;
  if (q < 1.0)
    dwdq = -3.0 * q + 2.25 * q * q;
  else if (q < 2.0)
    dwdq = -0.75 * (2.0 - q) * (2.0 - q);
  else
    return 0.0;
  return sigma * dwdq / r;
}

__global__ void sph_density(const Particle* __restrict__ p, double mass, double* __restrict__ rho,
                            int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    const Particle& pi = p[i];
    double sum = mass * cubic_w(0.0, pi.h);  // self contribution
    for (int j = 0; j < n; ++j) {
      if (j == i) continue;
      const Particle& pj = p[j];
      const double dx = pi.x.x - pj.x.x, dy = pi.x.y - pj.x.y, dz = pi.x.z - pj.x.z;
      const double r = sqrt(dx * dx + dy * dy + dz * dz);
      sum += mass * cubic_w(r, 0.5 * (pi.h + pj.h));
    }
    rho[i] = sum;
  }
}

__global__ void sph_pressure_acc(const Particle* __restrict__ p, const double* __restrict__ rho,
                                 double mass, double cs2, double3* __restrict__ acc, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    const Particle& pi = p[i];
    const double Pi_r2 = cs2 / rho[i];  // P_i / rho_i^2 with P = cs2 rho
    double3 a = make_double3(0.0, 0.0, 0.0);
    for (int j = 0; j < n; ++j) {
      if (j == i) continue;
      const Particle& pj = p[j];
      const double dx = pi.x.x - pj.x.x, dy = pi.x.y - pj.x.y, dz = pi.x.z - pj.x.z;
      const double r = sqrt(dx * dx + dy * dy + dz * dz);
      const double g = cubic_dw_over_r(r, 0.5 * (pi.h + pj.h));
      const double c = -mass * (Pi_r2 + cs2 / rho[j]) * g;
      a.x += c * dx;
      a.y += c * dy;
      a.z += c * dz;
    }
    acc[i] = a;
  }
}

void sph_rhs(const Particle* parts, double mass, double cs2, double3* acc_out, int n) {
  Particle* d_p;
  double* d_rho;
  double3* d_acc;
  cudaMalloc(&d_p, n * sizeof(Particle));
  cudaMalloc(&d_rho, n * sizeof(double));
  cudaMalloc(&d_acc, n * sizeof(double3));
  cudaMemcpy(d_p, parts, n * sizeof(Particle), cudaMemcpyHostToDevice);
  const int threads = 32, blocks = 1;  // grid-stride: each thread handles several particles
  sph_density<<<blocks, threads>>>(d_p, mass, d_rho, n);
  sph_pressure_acc<<<blocks, threads>>>(d_p, d_rho, mass, cs2, d_acc, n);
  cudaMemcpy(acc_out, d_acc, n * sizeof(double3), cudaMemcpyDeviceToHost);
  cudaFree(d_p);
  cudaFree(d_rho);
  cudaFree(d_acc);
}
