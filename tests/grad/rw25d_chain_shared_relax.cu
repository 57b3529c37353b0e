// cuad: --fn relax_chains --wrt s0,J,h,r,u,s_out,stats
// cuad: fwd --fn relax_chains --wrt s0,J,h,r,u,s_out,stats
// Many independent periodic soft-spin chains (one per block, one spin per thread) relaxed in
// shared memory by damped gradient descent on
//   E = -sum_i J_i s_i s_{i+1} - h sum_i s_i + sum_i (r s_i^2 + u s_i^4),
// with a red-black schedule: each of n_steps steps updates the even sites, synchronises,
// updates the odd sites, synchronises (the spins are overwritten in place, so the reverse
// sweep needs the earlier values). Afterwards one reduction helper is called twice on the same
// shared scratch buffer: first the energy, then the squared magnetisation per chain.
#include <cuda_runtime.h>

#define CHAIN 32

__device__ double block_sum(double v, double* red) {
  red[threadIdx.x] = v;
  __syncthreads();
  for (int s = CHAIN / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) red[threadIdx.x] += red[threadIdx.x + s];
    __syncthreads();
  }
  const double tot = red[0];
  __syncthreads();  // red is reused by the next call
  return tot;
}

__global__ void relax_chains(const double* __restrict__ s0, const double* __restrict__ J, double h, double r,
                             double u, double dt, int n_steps, double* __restrict__ s_out,
                             double* __restrict__ stats) {
  __shared__ double s[CHAIN];
  __shared__ double red[CHAIN];
  const int i = threadIdx.x, c = blockIdx.x;
  const int g = c * CHAIN + i;
  const int ip = (i + 1) % CHAIN, im = (i + CHAIN - 1) % CHAIN;
  s[i] = s0[g];
  const double jr = J[g], jl = J[c * CHAIN + im];
  __syncthreads();
  for (int step = 0; step < n_steps; ++step) {
    for (int color = 0; color < 2; ++color) {
      if ((i & 1) == color) {
        const double si = s[i];
        const double force = jr * s[ip] + jl * s[im] + h - 2.0 * r * si - 4.0 * u * si * si * si;
        s[i] = si + dt * force;
      }
      __syncthreads();
    }
  }
  const double si = s[i];
  s_out[g] = si;
  const double e_site = -jr * si * s[ip] - h * si + r * si * si + u * si * si * si * si;
  const double E = block_sum(e_site, red);
  const double M = block_sum(si, red);
  if (i == 0) {
    stats[2 * c] = E;
    stats[2 * c + 1] = M * M / CHAIN;
  }
}
