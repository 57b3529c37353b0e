// cuad: --fn sph_pressure_accel --wrt pos,mass,B,acc
// cuad: fwd --fn sph_pressure_accel
// One weakly-compressible SPH right-hand side in 2-D, as an SPH code writes it: the cubic
// spline (M4) kernel and its derivative as piecewise functions of q = r / h with branches for
// q < 1, 1 <= q < 2 and outside the support, a density summation (the self term added
// explicitly, neighbours j != i), a Tait equation of state with the tensile clamp
// `if (p < 0.0) p = 0.0`, then the symmetric pressure acceleration; positions interleaved as
// (x, y) pairs, all-pairs loops with `continue` outside the support, three kernels launched
// from a host function that owns the device buffers.
#include <cuda_runtime.h>

#define PI 3.14159265358979323846
#define GAMMA_EOS 7.0
#define TPB 32

__device__ __forceinline__ double cubic_w(const double q, const double sigma) {
  if (q < 1.0) return sigma * (1.0 - 1.5 * q * q + 0.75 * q * q * q);
  if (q < 2.0) {
    const double t = 2.0 - q;
    return sigma * 0.25 * t * t * t;
  }
  return 0.0;
}

__device__ __forceinline__ double cubic_dwdq(const double q, const double sigma) {
  if (q < 1.0) return sigma * (-3.0 * q + 2.25 * q * q);
  if (q < 2.0) {
    const double t = 2.0 - q;
    return -0.75 * sigma * t * t;
  }
  return 0.0;
}

__global__ void sph_density(const double* __restrict__ pos, const double* __restrict__ mass,
                            double* __restrict__ rho, const double h, const int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double sigma = 10.0 / (7.0 * PI * h * h);
  const double inv_h = 1.0 / h;
  const double xi = pos[2 * i], yi = pos[2 * i + 1];
  double r = mass[i] * sigma;  // self contribution W(0)
  for (int j = 0; j < n; ++j) {
    if (j == i) continue;
    const double dx = xi - pos[2 * j], dy = yi - pos[2 * j + 1];
    const double q = sqrt(dx * dx + dy * dy) * inv_h;
    if (q >= 2.0) continue;
    r += mass[j] * cubic_w(q, sigma);
  }
  rho[i] = r;
}

__global__ void sph_eos(const double* __restrict__ rho, double* __restrict__ p, const double B,
                        const double rho0, const int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double pi = B * (pow(rho[i] / rho0, GAMMA_EOS) - 1.0);
  if (pi < 0.0) pi = 0.0;  // no tension
  p[i] = pi;
}

__global__ void sph_accel(const double* __restrict__ pos, const double* __restrict__ mass,
                          const double* __restrict__ rho, const double* __restrict__ p,
                          double* __restrict__ acc, const double h, const int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double sigma = 10.0 / (7.0 * PI * h * h);
  const double inv_h = 1.0 / h;
  const double xi = pos[2 * i], yi = pos[2 * i + 1];
  const double pi_r2 = p[i] / (rho[i] * rho[i]);
  double ax = 0.0, ay = 0.0;
  for (int j = 0; j < n; ++j) {
    if (j == i) continue;
    const double dx = xi - pos[2 * j], dy = yi - pos[2 * j + 1];
    const double r = sqrt(dx * dx + dy * dy);
    const double q = r * inv_h;
    if (q >= 2.0) continue;
    const double gradw = cubic_dwdq(q, sigma) * inv_h / r;  // dW/dr / r
    const double coef = -mass[j] * (pi_r2 + p[j] / (rho[j] * rho[j])) * gradw;
    ax += coef * dx;
    ay += coef * dy;
  }
  acc[2 * i] = ax;
  acc[2 * i + 1] = ay;
}

void sph_pressure_accel(const double* pos, const double* mass, double* acc, double h, double rho0,
                        double B, int n) {
  double *d_pos, *d_mass, *d_rho, *d_p, *d_acc;
  cudaMalloc(&d_pos, 2 * n * sizeof(double));
  cudaMalloc(&d_mass, n * sizeof(double));
  cudaMalloc(&d_rho, n * sizeof(double));
  cudaMalloc(&d_p, n * sizeof(double));
  cudaMalloc(&d_acc, 2 * n * sizeof(double));
  cudaMemcpy(d_pos, pos, 2 * n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_mass, mass, n * sizeof(double), cudaMemcpyHostToDevice);
  const int blocks = (n + TPB - 1) / TPB;
  sph_density<<<blocks, TPB>>>(d_pos, d_mass, d_rho, h, n);
  sph_eos<<<blocks, TPB>>>(d_rho, d_p, B, rho0, n);
  sph_accel<<<blocks, TPB>>>(d_pos, d_mass, d_rho, d_p, d_acc, h, n);
  cudaMemcpy(acc, d_acc, 2 * n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_pos);
  cudaFree(d_mass);
  cudaFree(d_rho);
  cudaFree(d_p);
  cudaFree(d_acc);
}
