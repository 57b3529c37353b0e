// cuad: --fn helmholtz7_residual --wrt u,rhs,alpha,beta,Au,rnorm2
// cuad: fwd --fn helmholtz7_residual
// The matrix-free operator of a 3-D Helmholtz/Poisson solver: A u = alpha u - beta lap(u)
// with the 7-point Laplacian, one thread per grid point on a 3-D grid of 3-D blocks (i, j, k
// from blockIdx/threadIdx x, y, z), 64-bit linear indices from an index macro and size_t
// strides (c - sx, c + sz, ...), boundary threads leaving early (their Au entries stay as
// they were), __ldg for the x-neighbours, and the squared residual rhs - A u accumulated into
// one scalar with atomicAdd for the solver's convergence test.
#define IDX3(i, j, k) ((((size_t)(k)) * ny + (j)) * nx + (i))

__global__ void helmholtz7_residual(const double* __restrict__ u, const double* __restrict__ rhs,
                                    double* __restrict__ Au, double* __restrict__ rnorm2,
                                    const double alpha, const double beta, const double inv_h2,
                                    const int nx, const int ny, const int nz) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int j = blockIdx.y * blockDim.y + threadIdx.y;
  const int k = blockIdx.z * blockDim.z + threadIdx.z;
  if (i < 1 || j < 1 || k < 1 || i >= nx - 1 || j >= ny - 1 || k >= nz - 1) return;
  const size_t c = IDX3(i, j, k);
  const size_t sx = 1, sy = (size_t)nx, sz = (size_t)nx * ny;
  const double uc = u[c];
  const double lap = (__ldg(&u[c - sx]) + __ldg(&u[c + sx]) + u[c - sy] + u[c + sy] + u[c - sz] +
                      u[c + sz] - 6.0 * uc) *
                     inv_h2;
  const double au = alpha * uc - beta * lap;
  Au[c] = au;
  const double r = rhs[c] - au;
  atomicAdd(rnorm2, r * r);
}
