// cuad: --fn acoustic1d_block --wrt rho_inv,kappa,p,v,seis
// cuad: fwd --fn acoustic1d_block --wrt rho_inv,kappa,p,v,seis
// A small 1-D velocity-pressure acoustic simulation run entirely by one thread block per
// model (a batch of layered-earth models, one per block), as a 1-D inversion code does it:
// the fields stay in global memory (each model's slice of p and v, updated in place), each
// thread walks its cells with a block-stride loop, __syncthreads separates the velocity and
// pressure half steps, both ends absorb with a first-order one-way condition run by thread 0
// (p_0 <- p_0 + c dt/dx (p_1 - p_0)), a Ricker source is added at a cell, and the
// pressure at the receiver is written to the model's seismogram each step. The caller gives
// the initial fields (a restart), which are overwritten with the final ones.
#include <cuda_runtime.h>

__device__ __forceinline__ double ricker(double t, double f0, double t0) {
  const double a = 3.141592653589793 * f0 * (t - t0);
  return (1.0 - 2.0 * a * a) * exp(-a * a);
}

__global__ void acoustic1d_block(const double* __restrict__ rho_inv, const double* __restrict__ kappa, double* p,
                                 double* v, int n, int nt, double dt_dx, int src, int rcv, double* seis) {
  const int m = blockIdx.x;
  double* pm = p + m * n;
  double* vm = v + m * n;
  const double* ri = rho_inv + m * n;
  const double* ka = kappa + m * n;
  for (int t = 0; t < nt; ++t) {
    // v lives at i + 1/2 for i < n - 1
    for (int i = threadIdx.x; i < n - 1; i += blockDim.x)
      vm[i] -= dt_dx * 0.5 * (ri[i] + ri[i + 1]) * (pm[i + 1] - pm[i]);
    __syncthreads();
    for (int i = threadIdx.x; i < n; i += blockDim.x) {
      if (i > 0 && i < n - 1) {
        double pn = pm[i] - dt_dx * ka[i] * (vm[i] - vm[i - 1]);
        if (i == src) pn += dt_dx * ricker(t * 0.5, 0.12, 9.0);
        pm[i] = pn;
      }
    }
    __syncthreads();
    if (threadIdx.x == 0) {
      // one-way (outgoing) condition with the local sound speed c = sqrt(kappa / rho)
      pm[0] += sqrt(ka[0] * ri[0]) * dt_dx * (pm[1] - pm[0]);
      pm[n - 1] += sqrt(ka[n - 1] * ri[n - 1]) * dt_dx * (pm[n - 2] - pm[n - 1]);
      seis[m * nt + t] = pm[rcv];
    }
    __syncthreads();
  }
}
