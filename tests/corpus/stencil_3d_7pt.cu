// 3-D seven-point Laplacian stencil: each thread walks its column in z.
struct Grid3 {
  int3 n;
  double inv_h2;
};

__device__ inline long lin3(int x, int y, int z, int3 n) {
  return ((long)z * n.y + y) * n.x + x;
}

__global__ void laplace7(const double *__restrict__ u, double *__restrict__ lap, Grid3 g) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < 1 || y < 1 || x > g.n.x - 2 || y > g.n.y - 2)
    return;
  for (int z = 1; z < g.n.z - 1; ++z) {
    long c = lin3(x, y, z, g.n);
    double center = u[c];
    double sum = u[lin3(x - 1, y, z, g.n)] + u[lin3(x + 1, y, z, g.n)] +
                 u[lin3(x, y - 1, z, g.n)] + u[lin3(x, y + 1, z, g.n)] +
                 u[lin3(x, y, z - 1, g.n)] + u[lin3(x, y, z + 1, g.n)];
    lap[c] = (sum - 6.0 * center) * g.inv_h2;
  }
}

void apply_laplacian(const double *d_u, double *d_lap, int nx, int ny, int nz, double h) {
  Grid3 g;
  g.n = make_int3(nx, ny, nz);
  g.inv_h2 = 1.0 / (h * h);
  dim3 threads(32, 8, 1);
  dim3 blocks((nx + 31) / 32, (ny + 7) / 8, 1);
  laplace7<<<blocks, threads>>>(d_u, d_lap, g);
}
