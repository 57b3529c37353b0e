// cuad: --fn simulate_mpm --wrt x0,v0,E,nu,x_final
// cuad: fwd --fn simulate_mpm --wrt x0,v0,E,nu,x_final
// A complete 2-D MLS-MPM simulation driven from the host (a DiffTaichi-style "diffmpm"
// forward pass in plain CUDA): particle state lives in a struct of device buffers allocated
// by a helper, the grid is cleared with cudaMemset every substep, then P2G (Neo-Hookean
// Kirchhoff stress tau = mu (F F^T - I) + lambda log(J) I, APIC momentum, atomicAdd), a grid
// pass that turns momentum into velocity in place with gravity and sticky walls, and G2P
// (APIC gather, F <- (I + dt C) F, advection) that updates the particle arrays in place. The
// Lame parameters come from Young's modulus and Poisson's ratio on the host. Returns the mean
// final x coordinate (the "distance travelled" loss) and copies the final positions out.
#include <cuda_runtime.h>
#include <vector>

#define NG 12

struct ParticleBuffers {
  double* x;
  double* v;
  double* C;
  double* F;
};

static void alloc_particles(ParticleBuffers& b, int n) {
  cudaMalloc(&b.x, 2 * n * sizeof(double));
  cudaMalloc(&b.v, 2 * n * sizeof(double));
  cudaMalloc(&b.C, 4 * n * sizeof(double));
  cudaMalloc(&b.F, 4 * n * sizeof(double));
}

static void free_particles(ParticleBuffers& b) {
  cudaFree(b.x);
  cudaFree(b.v);
  cudaFree(b.C);
  cudaFree(b.F);
}

__device__ inline void bspline_weights(double fx, double* w) {
  w[0] = 0.5 * (1.5 - fx) * (1.5 - fx);
  w[1] = 0.75 - (fx - 1.0) * (fx - 1.0);
  w[2] = 0.5 * (fx - 0.5) * (fx - 0.5);
}

__global__ void init_state(int n, double* C, double* F) {
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= n) return;
  for (int k = 0; k < 4; ++k) {
    C[4 * p + k] = 0.0;
    F[4 * p + k] = (k == 0 || k == 3) ? 1.0 : 0.0;
  }
}

__global__ void p2g(int n, const double* x, const double* v, const double* C, const double* F, double dx,
                    double dt, double p_vol, double p_mass, double mu, double lam, double* grid_mv,
                    double* grid_m) {
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= n) return;
  const double inv_dx = 1.0 / dx;
  const double gx = x[2 * p] * inv_dx, gy = x[2 * p + 1] * inv_dx;
  const int bx = (int)(gx - 0.5), by = (int)(gy - 0.5);
  const double fx = gx - bx, fy = gy - by;
  double wx[3], wy[3];
  bspline_weights(fx, wx);
  bspline_weights(fy, wy);
  const double f00 = F[4 * p], f01 = F[4 * p + 1], f10 = F[4 * p + 2], f11 = F[4 * p + 3];
  const double J = f00 * f11 - f01 * f10;
  // tau = mu (F F^T - I) + lam log(J) I
  const double lj = lam * log(J);
  const double t00 = mu * (f00 * f00 + f01 * f01 - 1.0) + lj;
  const double t01 = mu * (f00 * f10 + f01 * f11);
  const double t11 = mu * (f10 * f10 + f11 * f11 - 1.0) + lj;
  const double k = -dt * p_vol * 4.0 * inv_dx * inv_dx;
  const double a00 = k * t00 + p_mass * C[4 * p], a01 = k * t01 + p_mass * C[4 * p + 1];
  const double a10 = k * t01 + p_mass * C[4 * p + 2], a11 = k * t11 + p_mass * C[4 * p + 3];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      const double dpx = (i - fx) * dx, dpy = (j - fy) * dx;
      const double w = wx[i] * wy[j];
      const int node = (bx + i) * NG + by + j;
      atomicAdd(&grid_mv[2 * node], w * (p_mass * v[2 * p] + a00 * dpx + a01 * dpy));
      atomicAdd(&grid_mv[2 * node + 1], w * (p_mass * v[2 * p + 1] + a10 * dpx + a11 * dpy));
      atomicAdd(&grid_m[node], w * p_mass);
    }
}

__global__ void grid_op(double* grid_mv, const double* grid_m, double dt, double gravity, int bound) {
  const int node = blockIdx.x * blockDim.x + threadIdx.x;
  if (node >= NG * NG) return;
  const int i = node / NG, j = node % NG;
  const double m = grid_m[node];
  if (m > 0.0) {
    double vx = grid_mv[2 * node] / m, vy = grid_mv[2 * node + 1] / m;
    vy -= dt * gravity;
    if (i < bound || i >= NG - bound || j < bound || j >= NG - bound) vx = vy = 0.0;
    grid_mv[2 * node] = vx;
    grid_mv[2 * node + 1] = vy;
  }
}

__global__ void g2p(int n, const double* grid_v, double dx, double dt, double* x, double* v, double* C, double* F) {
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= n) return;
  const double inv_dx = 1.0 / dx;
  const double gx = x[2 * p] * inv_dx, gy = x[2 * p + 1] * inv_dx;
  const int bx = (int)(gx - 0.5), by = (int)(gy - 0.5);
  const double fx = gx - bx, fy = gy - by;
  double wx[3], wy[3];
  bspline_weights(fx, wx);
  bspline_weights(fy, wy);
  double nv[2] = {0.0, 0.0}, nc[4] = {0.0, 0.0, 0.0, 0.0};
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      const double w = wx[i] * wy[j];
      const int node = (bx + i) * NG + by + j;
      const double gvx = grid_v[2 * node], gvy = grid_v[2 * node + 1];
      const double dpx = i - fx, dpy = j - fy;
      nv[0] += w * gvx;
      nv[1] += w * gvy;
      nc[0] += 4.0 * inv_dx * w * gvx * dpx;
      nc[1] += 4.0 * inv_dx * w * gvx * dpy;
      nc[2] += 4.0 * inv_dx * w * gvy * dpx;
      nc[3] += 4.0 * inv_dx * w * gvy * dpy;
    }
  const double f00 = F[4 * p], f01 = F[4 * p + 1], f10 = F[4 * p + 2], f11 = F[4 * p + 3];
  F[4 * p] = (1.0 + dt * nc[0]) * f00 + dt * nc[1] * f10;
  F[4 * p + 1] = (1.0 + dt * nc[0]) * f01 + dt * nc[1] * f11;
  F[4 * p + 2] = dt * nc[2] * f00 + (1.0 + dt * nc[3]) * f10;
  F[4 * p + 3] = dt * nc[2] * f01 + (1.0 + dt * nc[3]) * f11;
  for (int k = 0; k < 4; ++k) C[4 * p + k] = nc[k];
  v[2 * p] = nv[0];
  v[2 * p + 1] = nv[1];
  x[2 * p] += dt * nv[0];
  x[2 * p + 1] += dt * nv[1];
}

double simulate_mpm(const double* x0, const double* v0, double E, double nu, int n, int steps, double dt,
                    double* x_final) {
  const double dx = 1.0 / NG;
  const double p_vol = 0.25 * dx * dx, p_mass = 1.0 * p_vol;
  const double mu = E / (2.0 * (1.0 + nu));
  const double lam = E * nu / ((1.0 + nu) * (1.0 - 2.0 * nu));
  ParticleBuffers pb;
  alloc_particles(pb, n);
  double *grid_mv, *grid_m;
  cudaMalloc(&grid_mv, 2 * NG * NG * sizeof(double));
  cudaMalloc(&grid_m, NG * NG * sizeof(double));
  cudaMemcpy(pb.x, x0, 2 * n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(pb.v, v0, 2 * n * sizeof(double), cudaMemcpyHostToDevice);
  const int threads = 32, pblocks = (n + threads - 1) / threads, gblocks = (NG * NG + threads - 1) / threads;
  init_state<<<pblocks, threads>>>(n, pb.C, pb.F);
  for (int s = 0; s < steps; ++s) {
    cudaMemset(grid_mv, 0, 2 * NG * NG * sizeof(double));
    cudaMemset(grid_m, 0, NG * NG * sizeof(double));
    p2g<<<pblocks, threads>>>(n, pb.x, pb.v, pb.C, pb.F, dx, dt, p_vol, p_mass, mu, lam, grid_mv, grid_m);
    grid_op<<<gblocks, threads>>>(grid_mv, grid_m, dt, 9.8, 2);
    g2p<<<pblocks, threads>>>(n, grid_mv, dx, dt, pb.x, pb.v, pb.C, pb.F);
  }
  cudaMemcpy(x_final, pb.x, 2 * n * sizeof(double), cudaMemcpyDeviceToHost);
  double mean_x = 0.0;
  for (int p = 0; p < n; ++p) mean_x += x_final[2 * p];
  mean_x /= n;
  cudaFree(grid_mv);
  cudaFree(grid_m);
  free_particles(pb);
  return mean_x;
}
