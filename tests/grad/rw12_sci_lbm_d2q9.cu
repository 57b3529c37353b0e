// cuad: --fn lbm_stream_collide --wrt fin,fout,rho,ux,omega
// cuad: fwd --fn lbm_stream_collide --wrt fin,fout,rho,ux,omega,force
// A fused stream-and-collide lattice-Boltzmann D2Q9 step (pull scheme, BGK collision), in the
// style of a compact LBM solver: lattice velocities and weights in __constant__ memory, a
// structure-of-arrays distribution layout f[q * nxy + idx], a 2-D grid of 2-D blocks, periodic
// neighbours with wrap-around, #pragma unroll over the 9 directions with a local array,
// macroscopic density and velocity written out, a Guo-style body force along x, and the
// relaxation rate omega as a differentiable scalar. Output 2 is forward mode.
#define Q 9

__constant__ int c_cx[Q] = {0, 1, 0, -1, 0, 1, -1, -1, 1};
__constant__ int c_cy[Q] = {0, 0, 1, 0, -1, 1, 1, -1, -1};
__constant__ double c_w[Q] = {4.0 / 9.0,  1.0 / 9.0,  1.0 / 9.0,  1.0 / 9.0, 1.0 / 9.0,
                              1.0 / 36.0, 1.0 / 36.0, 1.0 / 36.0, 1.0 / 36.0};

__device__ __forceinline__ double feq(int q, double rho, double ux, double uy) {
  const double cu = 3.0 * (c_cx[q] * ux + c_cy[q] * uy);
  const double uu = 1.5 * (ux * ux + uy * uy);
  return c_w[q] * rho * (1.0 + cu + 0.5 * cu * cu - uu);
}

__global__ void lbm_stream_collide(const double* __restrict__ fin, double* __restrict__ fout,
                                   double* __restrict__ rho, double* __restrict__ ux,
                                   double omega, double force, int nx, int ny) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= nx || y >= ny) return;
  const int nxy = nx * ny;
  const int idx = y * nx + x;
  double f[Q];
#pragma unroll
  for (int q = 0; q < Q; ++q) {
    int xs = x - c_cx[q];
    int ys = y - c_cy[q];
    xs = (xs + nx) % nx;
    ys = (ys + ny) % ny;
    f[q] = fin[q * nxy + ys * nx + xs];
  }
  double r = 0.0, mx = 0.0, my = 0.0;
#pragma unroll
  for (int q = 0; q < Q; ++q) {
    r += f[q];
    mx += c_cx[q] * f[q];
    my += c_cy[q] * f[q];
  }
  const double u = (mx + 0.5 * force) / r;
  const double v = my / r;
  rho[idx] = r;
  ux[idx] = u;
#pragma unroll
  for (int q = 0; q < Q; ++q) {
    const double cu = 3.0 * (c_cx[q] * u + c_cy[q] * v);
    const double fq = c_w[q] * (1.0 - 0.5 * omega) *
                      (3.0 * (c_cx[q] - u) + 9.0 * cu / 3.0 * c_cx[q]) * force;
    fout[q * nxy + idx] = f[q] - omega * (f[q] - feq(q, r, u, v)) + fq;
  }
}
