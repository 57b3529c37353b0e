// cuad: --fn edge_aggregate_segmented --wrt edges,x,out
// cuad: fwd --fn edge_aggregate_segmented --wrt edges,x,out
// Edge-parallel message passing over a COO edge list sorted by destination (the "segment
// reduce" used by GNN libraries instead of one atomic per edge): edges are an array of
// structs {src, dst, weight}, each warp takes 32 consecutive edges (grid-stride over warp
// tiles), computes the messages w_e * x[src] feature by feature, runs a segmented inclusive
// scan with __shfl_up_sync keyed by dst, and only the last lane of each segment inside the
// warp adds the segment sum into out[dst] with atomicAdd (segments crossing warp tiles are
// completed by the other tile's atomic). Lanes past the end carry dst = -1 and zeros.
#include <cuda_runtime.h>

#define FULL_MASK 0xffffffffu

struct Edge {
  int src;
  int dst;
  double w;
};

__global__ void edge_aggregate_segmented(const Edge* __restrict__ edges, int m,
                                         const double* __restrict__ x, int F,
                                         double* __restrict__ out) {
  const int lane = threadIdx.x & 31;
  const int warp_global = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  const int nwarps = (gridDim.x * blockDim.x) >> 5;
  for (int base = warp_global * 32; base < m; base += nwarps * 32) {
    const int e = base + lane;
    const bool valid = e < m;
    int d = -1, s = 0;
    double we = 0.0;
    if (valid) {
      const Edge& ed = edges[e];
      d = ed.dst;
      s = ed.src;
      we = ed.w;
    }
    const int d_next = __shfl_down_sync(FULL_MASK, d, 1);
    const bool tail = valid && (lane == 31 || d_next != d);
    for (int f = 0; f < F; ++f) {
      double v = valid ? we * x[s * F + f] : 0.0;
#pragma unroll
      for (int o = 1; o < 32; o <<= 1) {
        const double u = __shfl_up_sync(FULL_MASK, v, o);
        const int du = __shfl_up_sync(FULL_MASK, d, o);
        if (lane >= o && du == d) v += u;
      }
      if (tail) atomicAdd(&out[d * F + f], v);
    }
  }
}
