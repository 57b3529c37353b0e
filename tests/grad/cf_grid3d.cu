// cuad: --fn lap3d --wrt out,u,k
// 3-D thread indexing (blockIdx.y/z, threadIdx.y/z): a 7-point Laplacian with a coefficient
// field, boundary points copied through, interior points nonlinear.
__global__ void lap3d(double* out, const double* u, const double* k, int nx, int ny, int nz) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  int z = blockIdx.z * blockDim.z + threadIdx.z;
  if (x >= nx || y >= ny || z >= nz) return;
  int id = (z * ny + y) * nx + x;
  if (x == 0 || y == 0 || z == 0 || x == nx - 1 || y == ny - 1 || z == nz - 1) {
    out[id] = u[id];
    return;
  }
  int sy = nx, sz = nx * ny;
  double c = u[id];
  double l = u[id - 1] + u[id + 1] + u[id - sy] + u[id + sy] + u[id - sz] + u[id + sz] - 6.0 * c;
  out[id] = c + k[id] * l * c;
}
