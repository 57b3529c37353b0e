// cuad: --fn sph_pressure_forces --wrt sys,fx,fy
// One SPH pressure-force evaluation for a 2-D fluid whose particle data the caller owns:
// `const SphSystem* sys` brings the device positions and masses, the smoothing length and
// the equation-of-state stiffness and rest density. The function allocates its own density
// and pressure work buffers, runs a density pass (poly6 kernel, smooth at the support
// radius), a pressure pass (Tait-like stiffened EOS) and a symmetric pressure-force pass
// (spiky gradient), and copies the forces to the host.
#include <cuda_runtime.h>

struct SphSystem {
  double* x;
  double* y;
  double* mass;
  double h;      // smoothing length (support radius)
  double stiff;  // EOS stiffness
  double rho0;   // rest density
  int n;
};

__device__ double poly6(double r2, double h) {
  const double h2 = h * h;
  if (r2 >= h2) return 0.0;
  const double d = h2 - r2;
  return 4.0 / (3.14159265358979 * h2 * h2 * h2 * h2) * d * d * d;
}

__global__ void density_pass(const double* x, const double* y, const double* m, double* rho,
                             double h, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double s = 0.0;
  for (int j = 0; j < n; ++j) {
    const double dx = x[i] - x[j], dy = y[i] - y[j];
    s += m[j] * poly6(dx * dx + dy * dy, h);
  }
  rho[i] = s;
}

__global__ void pressure_pass(const double* rho, double* p, double stiff, double rho0, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    const double ratio = rho[i] / rho0;
    p[i] = stiff * (ratio * ratio * ratio - 1.0);
  }
}

__global__ void force_pass(const double* x, const double* y, const double* m,
                           const double* rho, const double* p, double* fx, double* fy, double h,
                           int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double ax = 0.0, ay = 0.0;
  for (int j = 0; j < n; ++j) {
    if (j == i) continue;
    const double dx = x[i] - x[j], dy = y[i] - y[j];
    const double r = sqrt(dx * dx + dy * dy);
    if (r < h) {
      const double d = h - r;
      // spiky kernel gradient magnitude, along (dx, dy) / r
      const double g = -30.0 / (3.14159265358979 * h * h * h * h * h) * d * d;
      const double pij = p[i] / (rho[i] * rho[i]) + p[j] / (rho[j] * rho[j]);
      ax -= m[j] * pij * g * dx / r;
      ay -= m[j] * pij * g * dy / r;
    }
  }
  fx[i] = ax;
  fy[i] = ay;
}

void sph_pressure_forces(const SphSystem* sys, double* fx, double* fy) {
  const int n = sys->n;
  const int threads = 64, blocks = (n + threads - 1) / threads;
  double *rho, *p, *d_fx, *d_fy;
  cudaMalloc(&rho, n * sizeof(double));
  cudaMalloc(&p, n * sizeof(double));
  cudaMalloc(&d_fx, n * sizeof(double));
  cudaMalloc(&d_fy, n * sizeof(double));
  density_pass<<<blocks, threads>>>(sys->x, sys->y, sys->mass, rho, sys->h, n);
  pressure_pass<<<blocks, threads>>>(rho, p, sys->stiff, sys->rho0, n);
  force_pass<<<blocks, threads>>>(sys->x, sys->y, sys->mass, rho, p, d_fx, d_fy, sys->h, n);
  cudaMemcpy(fx, d_fx, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaMemcpy(fy, d_fy, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(rho);
  cudaFree(p);
  cudaFree(d_fx);
  cudaFree(d_fy);
}
