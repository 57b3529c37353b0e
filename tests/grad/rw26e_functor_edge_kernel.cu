// cuad: --fn knn_graph_smooth<GaussianEdge> --wrt pos,feat,edge_fn,out
// cuad: --fn knn_graph_smooth<CauchyEdge> --wrt pos,feat,edge_fn,out
// Feature smoothing on a k-nearest-neighbour graph of points (point clouds, mesh vertices):
// the kernel is a template on an edge-weight functor that turns squared distances between
// neighbouring points into weights, with its bandwidth parameter as a field of the functor
// (passed by value, differentiated as a struct parameter). One thread per point gathers its
// neighbours (CSR), computes the weights and the normalised weighted average of their
// features, blended with its own feature.
#include <cuda_runtime.h>
#include <math.h>

#define DIM 3
#define NFEAT 2

struct GaussianEdge {
  double inv_bw2;  // 1 / bandwidth^2
  double blend;
  __device__ double operator()(double d2) const { return exp(-d2 * inv_bw2); }
};

struct CauchyEdge {
  double inv_bw2;
  double blend;
  __device__ double operator()(double d2) const { return 1.0 / (1.0 + d2 * inv_bw2); }
};

__device__ __forceinline__ double sq_dist(const double* __restrict__ a, const double* __restrict__ b) {
  double s = 0.0;
#pragma unroll
  for (int d = 0; d < DIM; ++d) {
    const double t = a[d] - b[d];
    s += t * t;
  }
  return s;
}

template <typename EdgeFn>
__global__ void knn_graph_smooth(int n, const int* __restrict__ rp, const int* __restrict__ nbr,
                                 const double* __restrict__ pos, const double* __restrict__ feat,
                                 EdgeFn edge_fn, double* __restrict__ out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double wsum = 0.0;
  double acc[NFEAT] = {0.0, 0.0};
  for (int k = rp[i]; k < rp[i + 1]; ++k) {
    const int j = nbr[k];
    const double wij = edge_fn(sq_dist(pos + i * DIM, pos + j * DIM));
    wsum += wij;
    for (int f = 0; f < NFEAT; ++f) acc[f] += wij * feat[j * NFEAT + f];
  }
  for (int f = 0; f < NFEAT; ++f) {
    const double nb = wsum > 0.0 ? acc[f] / wsum : feat[i * NFEAT + f];
    out[i * NFEAT + f] = (1.0 - edge_fn.blend) * feat[i * NFEAT + f] + edge_fn.blend * nb;
  }
}
