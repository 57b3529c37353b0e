// Lattice-Boltzmann D2Q9: BGK collision and streaming (pull scheme) with weights and
// lattice velocities in constant memory, periodic boundaries.
#define Q 9

__constant__ float c_w[Q] = {4.f / 9.f,  1.f / 9.f,  1.f / 9.f,  1.f / 9.f, 1.f / 9.f,
                             1.f / 36.f, 1.f / 36.f, 1.f / 36.f, 1.f / 36.f};
__constant__ int c_ex[Q] = {0, 1, 0, -1, 0, 1, -1, -1, 1};
__constant__ int c_ey[Q] = {0, 0, 1, 0, -1, 1, 1, -1, -1};

__device__ __forceinline__ int cell(int x, int y, int nx) { return y * nx + x; }

__global__ void lbm_collide_stream(const float *f_in, float *f_out, float *rho_out, float *ux_out,
                                   float *uy_out, float omega, int nx, int ny) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= nx || y >= ny)
    return;
  int ncell = nx * ny;
  float f[Q];
  float rho = 0.f, ux = 0.f, uy = 0.f;
#pragma unroll
  for (int q = 0; q < Q; ++q) {
    int xs = (x - c_ex[q] + nx) % nx;
    int ys = (y - c_ey[q] + ny) % ny;
    f[q] = f_in[q * ncell + cell(xs, ys, nx)];
    rho += f[q];
    ux += f[q] * c_ex[q];
    uy += f[q] * c_ey[q];
  }
  ux /= rho;
  uy /= rho;
  float usq = 1.5f * (ux * ux + uy * uy);
#pragma unroll
  for (int q = 0; q < Q; ++q) {
    float eu = 3.f * (c_ex[q] * ux + c_ey[q] * uy);
    float feq = c_w[q] * rho * (1.f + eu + 0.5f * eu * eu - usq);
    f_out[q * ncell + cell(x, y, nx)] = f[q] - omega * (f[q] - feq);
  }
  rho_out[cell(x, y, nx)] = rho;
  ux_out[cell(x, y, nx)] = ux;
  uy_out[cell(x, y, nx)] = uy;
}
