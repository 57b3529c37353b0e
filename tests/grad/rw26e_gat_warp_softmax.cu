// cuad: --fn gat_aggregate<double,16> --wrt h,att_src,att_dst,out
// cuad: fwd --fn gat_aggregate<double,16> --wrt h,att_src,att_dst,out
// One graph-attention (GAT) head, aggregation step. The graph is stored as CSR over
// destinations (indptr by destination node, src the source of each incoming edge, self
// loops included so every segment is non-empty). A group of WARP lanes handles one
// destination: lanes stride over the incoming edges and compute the raw attention score
// e_uv = leaky_relu(<a_src, h_u> + <a_dst, h_v>), the group max and the softmax
// denominator by width-limited xor shuffles, and then the attention-weighted sum of the
// neighbour features, reduced lane by lane with shuffles. Lane 0 writes the output row.
#include <cuda_runtime.h>
#include <math.h>

#define FEAT 4
#define NEG_SLOPE 0.2

struct GraphCSR {
  const int* indptr;
  const int* src;
  int num_nodes;
};

template <typename T>
__device__ __forceinline__ T leaky_relu(T x) {
  return x > T(0) ? x : T(NEG_SLOPE) * x;
}

template <typename T>
__device__ __forceinline__ T dot_feat(const T* __restrict__ a, const T* __restrict__ row) {
  T s = T(0);
#pragma unroll
  for (int f = 0; f < FEAT; ++f) s += a[f] * __ldg(&row[f]);
  return s;
}

template <typename T, int WARP>
__device__ __forceinline__ T group_max(T v) {
#pragma unroll
  for (int off = WARP / 2; off > 0; off >>= 1) v = fmax(v, __shfl_xor_sync(0xffffffffu, v, off, WARP));
  return v;
}

template <typename T, int WARP>
__device__ __forceinline__ T group_sum(T v) {
#pragma unroll
  for (int off = WARP / 2; off > 0; off >>= 1) v += __shfl_xor_sync(0xffffffffu, v, off, WARP);
  return v;
}

template <typename T, int WARP>
__global__ void gat_aggregate(GraphCSR g, const T* __restrict__ h, const T* __restrict__ att_src,
                              const T* __restrict__ att_dst, T* __restrict__ out) {
  const int gtid = blockIdx.x * blockDim.x + threadIdx.x;
  const int v = gtid / WARP;
  const int lane = gtid % WARP;
  if (v >= g.num_nodes) return;

  const int beg = g.indptr[v];
  const int end = g.indptr[v + 1];
  const T self_term = dot_feat(att_dst, h + v * FEAT);

  // pass 1: max score over the segment
  T m = -INFINITY;
  for (int e = beg + lane; e < end; e += WARP) {
    const int u = g.src[e];
    m = fmax(m, leaky_relu(dot_feat(att_src, h + u * FEAT) + self_term));
  }
  m = group_max<T, WARP>(m);

  // pass 2: denominator and unnormalised weighted features
  T denom = T(0);
  T acc[FEAT];
#pragma unroll
  for (int f = 0; f < FEAT; ++f) acc[f] = T(0);
  for (int e = beg + lane; e < end; e += WARP) {
    const int u = g.src[e];
    const T p = exp(leaky_relu(dot_feat(att_src, h + u * FEAT) + self_term) - m);
    denom += p;
#pragma unroll
    for (int f = 0; f < FEAT; ++f) acc[f] += p * h[u * FEAT + f];
  }
  denom = group_sum<T, WARP>(denom);
#pragma unroll
  for (int f = 0; f < FEAT; ++f) acc[f] = group_sum<T, WARP>(acc[f]);

  if (lane == 0) {
    const T inv = T(1) / denom;
#pragma unroll
    for (int f = 0; f < FEAT; ++f) out[v * FEAT + f] = acc[f] * inv;
  }
}
