// cuad: --fn sph_accel --wrt pos,vel,mass,acc
// One SPH right-hand side in 2-D, as a host function of a small weakly compressible SPH code:
// cudaMalloc/cudaMemcpy of particle arrays, a density pass with the poly6 kernel that tiles
// particle positions through __shared__ memory (n-body style, __syncthreads around each tile),
// a pressure pass with Tait's equation of state (pow with exponent 7), a force pass with the
// spiky kernel gradient and an artificial viscosity term (shared tiles of position, velocity,
// density and pressure), the accelerations copied back, cudaFree. Mass is a scalar.
#include <cuda_runtime.h>

#define TILE 32

struct SphConst {
  double h;      // smoothing length
  double rho0;   // rest density
  double B;      // stiffness
  double mu;     // viscosity
};

__device__ __forceinline__ double poly6(double r2, double h) {
  const double h2 = h * h;
  if (r2 >= h2) return 0.0;
  const double d = h2 - r2;
  return 4.0 / (3.14159265358979323846 * h2 * h2 * h2 * h2) * d * d * d;
}

// d W_spiky / d r (negative), 2-D normalisation.
__device__ __forceinline__ double spiky_dw(double r, double h) {
  if (r >= h) return 0.0;
  const double d = h - r;
  return -30.0 / (3.14159265358979323846 * h * h * h * h * h) * d * d;
}

__global__ void sph_density(const double2* __restrict__ pos, double mass, SphConst c,
                            double* __restrict__ rho, int n) {
  __shared__ double2 sp[TILE];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  double2 pi = make_double2(0.0, 0.0);
  if (i < n) pi = pos[i];
  double sum = 0.0;
  for (int base = 0; base < n; base += TILE) {
    const int j = base + threadIdx.x;
    if (j < n) sp[threadIdx.x] = pos[j];
    __syncthreads();
    const int m = min(TILE, n - base);
    for (int k = 0; k < m; ++k) {
      const double dx = pi.x - sp[k].x, dy = pi.y - sp[k].y;
      sum += poly6(dx * dx + dy * dy, c.h);
    }
    __syncthreads();
  }
  if (i < n) rho[i] = mass * sum;
}

__global__ void sph_pressure(const double* __restrict__ rho, SphConst c, double* __restrict__ p,
                             int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = c.B * (pow(rho[i] / c.rho0, 7.0) - 1.0);
}

__global__ void sph_force(const double2* __restrict__ pos, const double2* __restrict__ vel,
                          const double* __restrict__ rho, const double* __restrict__ p,
                          double mass, SphConst c, double2* __restrict__ acc, int n) {
  __shared__ double2 sx[TILE];
  __shared__ double2 sv[TILE];
  __shared__ double srho[TILE];
  __shared__ double sp[TILE];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  double2 xi = make_double2(0.0, 0.0), vi = make_double2(0.0, 0.0);
  double ri = 1.0, pri = 0.0;
  if (i < n) {
    xi = pos[i];
    vi = vel[i];
    ri = rho[i];
    pri = p[i];
  }
  double ax = 0.0, ay = 0.0;
  for (int base = 0; base < n; base += TILE) {
    const int j = base + threadIdx.x;
    if (j < n) {
      sx[threadIdx.x] = pos[j];
      sv[threadIdx.x] = vel[j];
      srho[threadIdx.x] = rho[j];
      sp[threadIdx.x] = p[j];
    }
    __syncthreads();
    const int m = min(TILE, n - base);
    for (int k = 0; k < m; ++k) {
      if (base + k == i) continue;
      const double dx = xi.x - sx[k].x, dy = xi.y - sx[k].y;
      const double r = sqrt(dx * dx + dy * dy);
      if (r < c.h) {
        const double dw = spiky_dw(r, c.h);
        const double pterm = pri / (ri * ri) + sp[k] / (srho[k] * srho[k]);
        const double vdotr = (vi.x - sv[k].x) * dx + (vi.y - sv[k].y) * dy;
        const double visc = -c.mu * vdotr / (r * r + 0.01 * c.h * c.h) / (0.5 * (ri + srho[k]));
        const double s = -mass * (pterm + visc) * dw / r;
        ax += s * dx;
        ay += s * dy;
      }
    }
    __syncthreads();
  }
  if (i < n) acc[i] = make_double2(ax, ay);
}

void sph_accel(const double* pos, const double* vel, double mass, SphConst c, double* acc,
               int n) {
  double2 *d_pos, *d_vel, *d_acc;
  double *d_rho, *d_p;
  cudaMalloc(&d_pos, n * sizeof(double2));
  cudaMalloc(&d_vel, n * sizeof(double2));
  cudaMalloc(&d_acc, n * sizeof(double2));
  cudaMalloc(&d_rho, n * sizeof(double));
  cudaMalloc(&d_p, n * sizeof(double));
  cudaMemcpy(d_pos, pos, n * sizeof(double2), cudaMemcpyHostToDevice);
  cudaMemcpy(d_vel, vel, n * sizeof(double2), cudaMemcpyHostToDevice);
  const int blocks = (n + TILE - 1) / TILE;
  sph_density<<<blocks, TILE>>>(d_pos, mass, c, d_rho, n);
  sph_pressure<<<blocks, TILE>>>(d_rho, c, d_p, n);
  sph_force<<<blocks, TILE>>>(d_pos, d_vel, d_rho, d_p, mass, c, d_acc, n);
  cudaMemcpy(acc, d_acc, n * sizeof(double2), cudaMemcpyDeviceToHost);
  cudaFree(d_pos);
  cudaFree(d_vel);
  cudaFree(d_acc);
  cudaFree(d_rho);
  cudaFree(d_p);
}
