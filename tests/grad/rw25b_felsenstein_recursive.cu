// cuad: --fn k80_gamma_sites --wrt blen,kappa,rates,site_ll
// Per-site phylogenetic likelihood under K80 with discrete-Gamma rate categories, the tree
// walked by a recursive __device__ function (children from left/right index arrays, -1 at the
// tips), as a quick GPU port of a textbook pruning implementation. The block first fills a
// shared table of transition matrices, one per (rate category, branch), from the closed form
// of K80 (transitions A<->G and C<->T, transversions); __syncthreads; then one thread per
// alignment column recurses from the root, each call keeping its children's conditional
// likelihoods in local arrays. Site log-likelihood: log of the category average of
// sum_x 0.25 L_root(x). Gaps (state 4) are missing data.
#include <cuda_runtime.h>
#include <math.h>

#define NCAT 4
#define MAXB 12

__device__ __forceinline__ bool is_transition(int x, int y) { return (x ^ y) == 2; }  // A=0,C=1,G=2,T=3

__device__ void partial_likelihood(int node, const int* left, const int* right, const int* col,
                                   const double* Pc, double* out) {
  const int l = left[node];
  if (l < 0) {
    const int c = col[node];
    for (int x = 0; x < 4; ++x) out[x] = (c == x || c == 4) ? 1.0 : 0.0;
    return;
  }
  const int r = right[node];
  double La[4], Lb[4];
  partial_likelihood(l, left, right, col, Pc, La);
  partial_likelihood(r, left, right, col, Pc, Lb);
  for (int x = 0; x < 4; ++x) {
    double sa = 0.0, sb = 0.0;
    for (int y = 0; y < 4; ++y) {
      sa += Pc[l * 16 + x * 4 + y] * La[y];
      sb += Pc[r * 16 + x * 4 + y] * Lb[y];
    }
    out[x] = sa * sb;
  }
}

__global__ void k80_gamma_sites(const int* __restrict__ cols, const int* __restrict__ left,
                                const int* __restrict__ right, int root, int nnodes, int nsites,
                                const double* __restrict__ blen, double kappa, const double* __restrict__ rates,
                                double* __restrict__ site_ll) {
  __shared__ double sP[NCAT][MAXB][16];
  for (int e = threadIdx.x; e < NCAT * (nnodes - 1); e += blockDim.x) {
    const int c = e / (nnodes - 1), b = e % (nnodes - 1);
    const double d = blen[b] * rates[c];
    const double e1 = exp(-4.0 * d / (kappa + 2.0));
    const double e2 = exp(-2.0 * d * (kappa + 1.0) / (kappa + 2.0));
    for (int x = 0; x < 4; ++x)
      for (int y = 0; y < 4; ++y) {
        double p;
        if (x == y) p = 0.25 + 0.25 * e1 + 0.5 * e2;
        else if (is_transition(x, y)) p = 0.25 + 0.25 * e1 - 0.5 * e2;
        else p = 0.25 - 0.25 * e1;
        sP[c][b][x * 4 + y] = p;
      }
  }
  __syncthreads();
  const int s = blockIdx.x * blockDim.x + threadIdx.x;
  if (s >= nsites) return;
  const int* col = cols + s * nnodes;  // tip states, indexed by node
  double lik = 0.0;
  for (int c = 0; c < NCAT; ++c) {
    double L[4];
    partial_likelihood(root, left, right, col, &sP[c][0][0], L);
    lik += 0.25 * (L[0] + L[1] + L[2] + L[3]) / NCAT;
  }
  site_ll[s] = log(lik);
}
