// cuad: --fn lbm_run --wrt f_init,omega,u_out
// cuad: fwd --fn lbm_run --wrt f_init,omega,u_out
// A small lattice-Boltzmann D2Q9 code driven from the host: the lattice velocities and
// weights live in initialised __constant__ tables, one fused pull-scheme stream-and-collide
// kernel (periodic wrap with modulo, BGK relaxation with #pragma unroll over the nine
// directions) runs nsteps times with std::swap of the two device buffers, then a moments
// kernel writes the velocity field (ux, uy interleaved), copied back; cudaFree at the end.
#include <cuda_runtime.h>
#include <utility>

#define Q 9

__constant__ int c_ex[Q] = {0, 1, 0, -1, 0, 1, -1, -1, 1};
__constant__ int c_ey[Q] = {0, 0, 1, 0, -1, 1, 1, -1, -1};
__constant__ double c_w[Q] = {4.0 / 9.0,  1.0 / 9.0,  1.0 / 9.0,  1.0 / 9.0, 1.0 / 9.0,
                              1.0 / 36.0, 1.0 / 36.0, 1.0 / 36.0, 1.0 / 36.0};

__device__ __forceinline__ int idx(int x, int y, int q, int nx, int ny) {
  return (q * ny + y) * nx + x;  // structure of arrays: one plane per direction
}

__global__ void stream_collide(const double* __restrict__ fin, double* __restrict__ fout,
                               double omega, int nx, int ny) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= nx || y >= ny) return;
  double f[Q];
  double rho = 0.0, ux = 0.0, uy = 0.0;
#pragma unroll
  for (int q = 0; q < Q; ++q) {
    const int xs = (x - c_ex[q] + nx) % nx;
    const int ys = (y - c_ey[q] + ny) % ny;
    f[q] = fin[idx(xs, ys, q, nx, ny)];
    rho += f[q];
    ux += c_ex[q] * f[q];
    uy += c_ey[q] * f[q];
  }
  ux /= rho;
  uy /= rho;
  const double usq = 1.5 * (ux * ux + uy * uy);
#pragma unroll
  for (int q = 0; q < Q; ++q) {
    const double cu = 3.0 * (c_ex[q] * ux + c_ey[q] * uy);
    const double feq = c_w[q] * rho * (1.0 + cu + 0.5 * cu * cu - usq);
    fout[idx(x, y, q, nx, ny)] = f[q] - omega * (f[q] - feq);
  }
}

__global__ void moments(const double* __restrict__ f, double* __restrict__ u, int nx, int ny) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= nx || y >= ny) return;
  double rho = 0.0, mx = 0.0, my = 0.0;
  for (int q = 0; q < Q; ++q) {
    const double fq = f[idx(x, y, q, nx, ny)];
    rho += fq;
    mx += c_ex[q] * fq;
    my += c_ey[q] * fq;
  }
  u[2 * (y * nx + x)] = mx / rho;
  u[2 * (y * nx + x) + 1] = my / rho;
}

void lbm_run(const double* f_init, double omega, double* u_out, int nx, int ny, int nsteps) {
  const size_t bytes = (size_t)Q * nx * ny * sizeof(double);
  double *d_f, *d_g, *d_u;
  cudaMalloc(&d_f, bytes);
  cudaMalloc(&d_g, bytes);
  cudaMalloc(&d_u, 2 * nx * ny * sizeof(double));
  cudaMemcpy(d_f, f_init, bytes, cudaMemcpyHostToDevice);
  const dim3 block(8, 4);
  const dim3 grid((nx + block.x - 1) / block.x, (ny + block.y - 1) / block.y);
  for (int s = 0; s < nsteps; ++s) {
    stream_collide<<<grid, block>>>(d_f, d_g, omega, nx, ny);
    std::swap(d_f, d_g);
  }
  moments<<<grid, block>>>(d_f, d_u, nx, ny);
  cudaMemcpy(u_out, d_u, 2 * nx * ny * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_f);
  cudaFree(d_g);
  cudaFree(d_u);
}
