// cuad: --fn heat7_tile --wrt u,unew,alpha
// One explicit step of a nonlinear 3-D heat equation with a 7-point stencil, in the style of a
// hand-tuned HPC stencil: a 3-D block (8 x 4 x 4) stages its cells and a one-cell halo on all six
// faces into a 3-D __shared__ tile (face threads load the halo), out-of-domain neighbours are
// Dirichlet zeros, threads past the domain still take part in the __syncthreads, macros for
// the tile shape and linear indexing, a reaction term -beta u^3 and a conductivity alpha that
// is a differentiable scalar.
#define BX 8
#define BY 4
#define BZ 4
#define IDX(x, y, z) (((z) * ny + (y)) * nx + (x))

__device__ __forceinline__ double load_or_zero(const double* __restrict__ u, int x, int y, int z,
                                               int nx, int ny, int nz) {
  return (x >= 0 && x < nx && y >= 0 && y < ny && z >= 0 && z < nz) ? u[IDX(x, y, z)] : 0.0;
}

__global__ void heat7_tile(const double* __restrict__ u, double* __restrict__ unew, double alpha,
                           double beta, int nx, int ny, int nz) {
  __shared__ double tile[BZ + 2][BY + 2][BX + 2];
  const int tx = threadIdx.x, ty = threadIdx.y, tz = threadIdx.z;
  const int x = blockIdx.x * BX + tx;
  const int y = blockIdx.y * BY + ty;
  const int z = blockIdx.z * BZ + tz;
  const int lx = tx + 1, ly = ty + 1, lz = tz + 1;

  tile[lz][ly][lx] = load_or_zero(u, x, y, z, nx, ny, nz);
  if (tx == 0) tile[lz][ly][0] = load_or_zero(u, x - 1, y, z, nx, ny, nz);
  if (tx == BX - 1) tile[lz][ly][BX + 1] = load_or_zero(u, x + 1, y, z, nx, ny, nz);
  if (ty == 0) tile[lz][0][lx] = load_or_zero(u, x, y - 1, z, nx, ny, nz);
  if (ty == BY - 1) tile[lz][BY + 1][lx] = load_or_zero(u, x, y + 1, z, nx, ny, nz);
  if (tz == 0) tile[0][ly][lx] = load_or_zero(u, x, y, z - 1, nx, ny, nz);
  if (tz == BZ - 1) tile[BZ + 1][ly][lx] = load_or_zero(u, x, y, z + 1, nx, ny, nz);
  __syncthreads();

  if (x < nx && y < ny && z < nz) {
    const double c = tile[lz][ly][lx];
    const double lap = tile[lz][ly][lx - 1] + tile[lz][ly][lx + 1] + tile[lz][ly - 1][lx] +
                       tile[lz][ly + 1][lx] + tile[lz - 1][ly][lx] + tile[lz + 1][ly][lx] -
                       6.0 * c;
    unew[IDX(x, y, z)] = c + alpha * lap - beta * c * c * c;
  }
}
