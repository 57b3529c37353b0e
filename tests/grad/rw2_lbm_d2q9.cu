// cuad: --fn lbm_collide_stream --wrt fout,fin,omega
// Lattice-Boltzmann D2Q9 BGK collision fused with streaming (push) on a periodic grid: lattice
// weights and velocities in __constant__ memory, the nine populations in a local array
// (structure-of-arrays in global memory, q-major), moments, equilibrium, relaxation by omega.
__constant__ float c_w[9] = {4.f / 9, 1.f / 9, 1.f / 9, 1.f / 9, 1.f / 9,
                             1.f / 36, 1.f / 36, 1.f / 36, 1.f / 36};
__constant__ int c_ex[9] = {0, 1, 0, -1, 0, 1, -1, -1, 1};
__constant__ int c_ey[9] = {0, 0, 1, 0, -1, 1, 1, -1, -1};

__global__ void lbm_collide_stream(float* __restrict__ fout, const float* __restrict__ fin,
                                   float omega, int nx, int ny) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= nx || y >= ny) return;
  const int N = nx * ny;
  float f[9];
  float rho = 0.f, ux = 0.f, uy = 0.f;
#pragma unroll
  for (int q = 0; q < 9; ++q) {
    f[q] = fin[q * N + y * nx + x];
    rho += f[q];
    ux += c_ex[q] * f[q];
    uy += c_ey[q] * f[q];
  }
  ux /= rho;
  uy /= rho;
  const float usq = 1.5f * (ux * ux + uy * uy);
#pragma unroll
  for (int q = 0; q < 9; ++q) {
    const float eu = 3.f * (c_ex[q] * ux + c_ey[q] * uy);
    const float feq = c_w[q] * rho * (1.f + eu + 0.5f * eu * eu - usq);
    const int xn = (x + c_ex[q] + nx) % nx, yn = (y + c_ey[q] + ny) % ny;
    fout[q * N + yn * nx + xn] = f[q] - omega * (f[q] - feq);
  }
}
