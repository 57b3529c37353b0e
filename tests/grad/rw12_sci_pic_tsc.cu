// cuad: --fn deposit_tsc<64> --wrt xp,qp,rho
// cuad: fwd --fn deposit_tsc<64> --wrt xp,qp,rho
// Particle-in-cell charge deposition with triangular-shaped-cloud (quadratic B-spline) weights
// on a 1-D periodic grid, as in an electrostatic PIC code: a kernel template on the grid size,
// a per-block private copy of the grid in __shared__ memory (zeroed by a strided loop,
// __syncthreads, shared-memory atomicAdd scatter of three weights per particle, __syncthreads,
// then one global atomicAdd per node and block), a grid-stride loop over particles, the nearest
// node from floor(x / dx + 0.5), periodic wrap of node indices, and a per-particle charge.
template <int NG>
__global__ void deposit_tsc(const double* __restrict__ xp, const double* __restrict__ qp,
                            double* __restrict__ rho, double inv_dx, int np) {
  __shared__ double s_rho[NG];
  for (int k = threadIdx.x; k < NG; k += blockDim.x) s_rho[k] = 0.0;
  __syncthreads();
  for (int p = blockIdx.x * blockDim.x + threadIdx.x; p < np; p += blockDim.x * gridDim.x) {
    const double xg = xp[p] * inv_dx;
    const int i = (int)floor(xg + 0.5);
    const double d = xg - i;  // in [-0.5, 0.5)
    const double wl = 0.5 * (0.5 - d) * (0.5 - d);
    const double wc = 0.75 - d * d;
    const double wr = 0.5 * (0.5 + d) * (0.5 + d);
    const double q = qp[p] * inv_dx;
    const int il = (i - 1 + NG) % NG, ic = i % NG, ir = (i + 1) % NG;
    atomicAdd(&s_rho[il], q * wl);
    atomicAdd(&s_rho[ic], q * wc);
    atomicAdd(&s_rho[ir], q * wr);
  }
  __syncthreads();
  for (int k = threadIdx.x; k < NG; k += blockDim.x) atomicAdd(&rho[k], s_rho[k]);
}
