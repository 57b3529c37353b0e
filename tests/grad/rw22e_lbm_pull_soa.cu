// cuad: --fn lbm_run --wrt f0,tau,force_x,f_final
// cuad: fwd --fn lbm_run
// A lattice-Boltzmann D2Q9 channel solver as a GPU LBM code writes it: distributions in a
// structure-of-arrays layout (direction q of node n at q * N + n), lattice vectors, weights
// and opposite directions in __constant__ arrays, a fused pull-stream + BGK collide kernel on
// a 2-D grid of 2-D blocks, halfway bounce-back from a solid mask (a population pulled from
// a solid node is replaced by the node's own opposite population), periodic wrap, a body
// force applied as an equilibrium velocity shift, solid nodes copying their populations
// through after an early check, local f[9] under #pragma unroll, and a host loop that
// ping-pongs two device buffers.
#include <cuda_runtime.h>

#define Q 9
#define BLOCK_X 8
#define BLOCK_Y 4

__constant__ int c_ex[Q] = {0, 1, 0, -1, 0, 1, -1, -1, 1};
__constant__ int c_ey[Q] = {0, 0, 1, 0, -1, 1, 1, -1, -1};
__constant__ int c_opp[Q] = {0, 3, 4, 1, 2, 7, 8, 5, 6};
__constant__ double c_w[Q] = {4.0 / 9.0,  1.0 / 9.0,  1.0 / 9.0,  1.0 / 9.0, 1.0 / 9.0,
                              1.0 / 36.0, 1.0 / 36.0, 1.0 / 36.0, 1.0 / 36.0};

__global__ void lbm_stream_collide(const double* __restrict__ f_in, double* __restrict__ f_out,
                                   const unsigned char* __restrict__ solid, const double omega,
                                   const double force_x, const int nx, const int ny) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= nx || y >= ny) return;
  const size_t N = (size_t)nx * ny;
  const size_t node = (size_t)y * nx + x;
  if (solid[node]) {
#pragma unroll
    for (int q = 0; q < Q; ++q) f_out[q * N + node] = f_in[q * N + node];
    return;
  }
  double f[Q];
#pragma unroll
  for (int q = 0; q < Q; ++q) {
    const int xs = (x - c_ex[q] + nx) % nx;
    const int ys = (y - c_ey[q] + ny) % ny;
    const size_t src = (size_t)ys * nx + xs;
    f[q] = solid[src] ? f_in[c_opp[q] * N + node] : f_in[q * N + src];
  }
  double rho = 0.0, jx = 0.0, jy = 0.0;
#pragma unroll
  for (int q = 0; q < Q; ++q) {
    rho += f[q];
    jx += f[q] * c_ex[q];
    jy += f[q] * c_ey[q];
  }
  const double inv_rho = 1.0 / rho;
  const double ux = jx * inv_rho + force_x / (omega * rho);  // velocity shift forcing
  const double uy = jy * inv_rho;
  const double usq = 1.5 * (ux * ux + uy * uy);
#pragma unroll
  for (int q = 0; q < Q; ++q) {
    const double cu = 3.0 * (c_ex[q] * ux + c_ey[q] * uy);
    const double feq = c_w[q] * rho * (1.0 + cu + 0.5 * cu * cu - usq);
    f_out[q * N + node] = f[q] - omega * (f[q] - feq);
  }
}

void lbm_run(const double* f0, double* f_final, const unsigned char* solid, double tau,
             double force_x, int nx, int ny, int nsteps) {
  const size_t N = (size_t)nx * ny;
  double *d_a, *d_b;
  unsigned char* d_solid;
  cudaMalloc(&d_a, Q * N * sizeof(double));
  cudaMalloc(&d_b, Q * N * sizeof(double));
  cudaMalloc(&d_solid, N * sizeof(unsigned char));
  cudaMemcpy(d_a, f0, Q * N * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_solid, solid, N * sizeof(unsigned char), cudaMemcpyHostToDevice);
  const double omega = 1.0 / tau;
  dim3 block(BLOCK_X, BLOCK_Y);
  dim3 grid((nx + BLOCK_X - 1) / BLOCK_X, (ny + BLOCK_Y - 1) / BLOCK_Y);
  for (int t = 0; t < nsteps; ++t) {
    lbm_stream_collide<<<grid, block>>>(d_a, d_b, d_solid, omega, force_x, nx, ny);
    double* tmp = d_a;
    d_a = d_b;
    d_b = tmp;
  }
  cudaMemcpy(f_final, d_a, Q * N * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_a);
  cudaFree(d_b);
  cudaFree(d_solid);
}
