// cuad: --fn deposit_cic --wrt rho,xp,yp,qp
// Particle-in-cell charge deposition with cloud-in-cell weights on a periodic 2-D grid: each
// particle (grid-stride loop) finds its cell with floorf and scatters its charge to the four
// surrounding nodes with atomicAdd in the primal.
struct Grid2D {
  int nx, ny;
  float dx, dy;
};

__device__ inline int wrap(int i, int n) { return (i % n + n) % n; }

__global__ void deposit_cic(float* rho, const float* __restrict__ xp, const float* __restrict__ yp,
                            const float* __restrict__ qp, int np, Grid2D g) {
  const float inv_area = 1.0f / (g.dx * g.dy);
  for (int p = blockIdx.x * blockDim.x + threadIdx.x; p < np; p += blockDim.x * gridDim.x) {
    const float gx = xp[p] / g.dx;
    const float gy = yp[p] / g.dy;
    const int i0 = (int)floorf(gx);
    const int j0 = (int)floorf(gy);
    const float fx = gx - (float)i0;
    const float fy = gy - (float)j0;
    const int i1 = wrap(i0 + 1, g.nx), j1 = wrap(j0 + 1, g.ny);
    const int ia = wrap(i0, g.nx), ja = wrap(j0, g.ny);
    const float q = qp[p] * inv_area;
    atomicAdd(&rho[ja * g.nx + ia], q * (1.0f - fx) * (1.0f - fy));
    atomicAdd(&rho[ja * g.nx + i1], q * fx * (1.0f - fy));
    atomicAdd(&rho[j1 * g.nx + ia], q * (1.0f - fx) * fy);
    atomicAdd(&rho[j1 * g.nx + i1], q * fx * fy);
  }
}
