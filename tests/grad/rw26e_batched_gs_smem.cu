// cuad: --fn batched_colored_gs --wrt w,b,x0,x_out
// cuad: fwd --fn batched_colored_gs --wrt w,b,x0,x_out
// Batched smoothing of many small graphs (molecules, mesh patches): one block per graph,
// one thread per node, the node values live in shared memory. Each sweep visits the colors
// in order; the threads of the current color do a weighted Gauss-Seidel update in place
//   x_i <- (b_i + sum_j w_ij x_j) / (1 + sum_j w_ij)
// (the other threads wait at the barrier), so shared values are overwritten in a loop with
// barriers between colors. Graph g's nodes are node_off[g]..node_off[g+1]-1 and its adjacency
// is a global CSR with local neighbour indices. Blocks are sized for the largest graph.
#include <cuda_runtime.h>

#define MAX_NODES 32

__global__ void batched_colored_gs(const int* __restrict__ node_off, const int* __restrict__ rp,
                                   const int* __restrict__ nbr, const int* __restrict__ color, int ncolors,
                                   const float* __restrict__ w, const float* __restrict__ b,
                                   const float* __restrict__ x0, int sweeps, float* __restrict__ x_out) {
  __shared__ float xs[MAX_NODES];
  const int g = blockIdx.x;
  const int base = node_off[g];
  const int nn = node_off[g + 1] - base;
  const int t = threadIdx.x;
  const bool active = t < nn;
  if (active) xs[t] = x0[base + t];
  __syncthreads();
  for (int s = 0; s < sweeps; ++s) {
    for (int c = 0; c < ncolors; ++c) {
      if (active && color[base + t] == c) {
        float num = b[base + t], den = 1.0f;
        for (int k = rp[base + t]; k < rp[base + t + 1]; ++k) {
          num += w[k] * xs[nbr[k]];
          den += w[k];
        }
        xs[t] = num / den;
      }
      __syncthreads();
    }
  }
  if (active) x_out[base + t] = xs[t];
}
