// cuad: --fn pic_step --wrt xp,vp,qm,x_out,v_out
// One leapfrog step of a 1-D electrostatic particle-in-cell code, run from the host:
// cudaMalloc/cudaMemcpy of the particles, cudaMemset of the charge grid, cloud-in-cell
// charge deposition with atomicAdd (periodic grid, cell index from floor), a field solve by a
// serial prefix sum of Gauss's law in one thread (<<<1, 1>>>, zero-mean field), a
// cloud-in-cell field gather with the particle push (velocity kick, position drift, periodic
// wrap with fmod), copy back and cudaFree. The charge-to-mass ratio is a scalar.
#include <cuda_runtime.h>

struct Grid1D {
  int nc;
  double dx;
  double length;
};

__device__ __forceinline__ void cic_weights(double x, const Grid1D g, int* i0, int* i1, double* w1) {
  const double s = x / g.dx;
  const int c = (int)floor(s);
  *w1 = s - c;
  *i0 = (c % g.nc + g.nc) % g.nc;
  *i1 = (*i0 + 1) % g.nc;
}

__global__ void deposit(const double* __restrict__ xp, double qw, Grid1D g, double* rho, int np) {
  for (int p = blockIdx.x * blockDim.x + threadIdx.x; p < np; p += blockDim.x * gridDim.x) {
    int i0, i1;
    double w1;
    cic_weights(xp[p], g, &i0, &i1, &w1);
    atomicAdd(&rho[i0], qw * (1.0 - w1) / g.dx);
    atomicAdd(&rho[i1], qw * w1 / g.dx);
  }
}

__global__ void solve_field(const double* __restrict__ rho, double rho_bg, Grid1D g,
                            double* __restrict__ E) {
  // Gauss's law dE/dx = rho - rho_bg, integrated cell by cell, then made zero-mean.
  double acc = 0.0, mean = 0.0;
  for (int i = 0; i < g.nc; ++i) {
    E[i] = acc;
    mean += acc;
    acc += g.dx * (rho[i] - rho_bg);
  }
  mean /= g.nc;
  for (int i = 0; i < g.nc; ++i) E[i] -= mean;
}

__global__ void gather_push(double* __restrict__ xp, double* __restrict__ vp,
                            const double* __restrict__ E, double qm, double dt, Grid1D g, int np) {
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= np) return;
  int i0, i1;
  double w1;
  const double x = xp[p];
  cic_weights(x, g, &i0, &i1, &w1);
  const double Ep = (1.0 - w1) * E[i0] + w1 * E[i1];
  const double v = vp[p] + qm * Ep * dt;
  vp[p] = v;
  xp[p] = fmod(x + v * dt + g.length, g.length);
}

void pic_step(const double* xp, const double* vp, double qm, double* x_out, double* v_out,
              int np, int nc, double length, double dt) {
  Grid1D g{nc, length / nc, length};
  double *d_x, *d_v, *d_rho, *d_E;
  cudaMalloc(&d_x, np * sizeof(double));
  cudaMalloc(&d_v, np * sizeof(double));
  cudaMalloc(&d_rho, nc * sizeof(double));
  cudaMalloc(&d_E, nc * sizeof(double));
  cudaMemcpy(d_x, xp, np * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_v, vp, np * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemset(d_rho, 0, nc * sizeof(double));
  const double qw = -length / np;  // electrons on a unit neutralising background
  const int threads = 32, blocks = (np + threads - 1) / threads;
  deposit<<<2, threads>>>(d_x, qw, g, d_rho, np);
  solve_field<<<1, 1>>>(d_rho, -1.0, g, d_E);
  gather_push<<<blocks, threads>>>(d_x, d_v, d_E, qm, dt, g, np);
  cudaMemcpy(x_out, d_x, np * sizeof(double), cudaMemcpyDeviceToHost);
  cudaMemcpy(v_out, d_v, np * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_x);
  cudaFree(d_v);
  cudaFree(d_rho);
  cudaFree(d_E);
}
