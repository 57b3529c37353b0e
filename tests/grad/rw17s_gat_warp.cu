// cuad: --fn gat_softmax_aggregate --wrt h,s_src,s_dst,att,out
// cuad: fwd --fn gat_softmax_aggregate
// cuad: --fn gat_node_scores --wrt h,a_src,a_dst,s_src,s_dst
// A GAT layer's attention, hand-written: gat_node_scores gives each node its two attention
// logits s_src = <h_i, a_src>, s_dst = <h_i, a_dst> (one warp per node, lanes over features,
// __shfl_xor_sync butterflies). gat_softmax_aggregate runs one warp per destination node over
// its in-neighbours (CSR, self loop included): lanes stride the edges for the LeakyReLU
// scores and their warp maximum, store exp(e - max) per edge in the attention buffer and
// sum it, __syncwarp, then lanes over features aggregate out_i = sum_j alpha_ij h_j reading
// the other lanes' stored weights, and finally normalise the stored weights in place (the
// buffer is returned for inspection/backward). Warps per block from blockDim.
#include <cuda_runtime.h>
#include <cmath>

#define FULL_MASK 0xffffffffu
#define NEG_SLOPE 0.2

__device__ __forceinline__ double leaky_relu(double x) { return x > 0.0 ? x : NEG_SLOPE * x; }

__device__ __forceinline__ double warp_sum(double v) {
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(FULL_MASK, v, o);
  return v;
}

__device__ __forceinline__ double warp_max(double v) {
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) v = fmax(v, __shfl_xor_sync(FULL_MASK, v, o));
  return v;
}

__global__ void gat_node_scores(const double* __restrict__ h, const double* __restrict__ a_src,
                                const double* __restrict__ a_dst, double* __restrict__ s_src,
                                double* __restrict__ s_dst, int n, int F) {
  const int node = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  const int lane = threadIdx.x % 32;
  if (node >= n) return;
  double ps = 0.0, pd = 0.0;
  for (int f = lane; f < F; f += 32) {
    const double v = h[node * F + f];
    ps += v * a_src[f];
    pd += v * a_dst[f];
  }
  ps = warp_sum(ps);
  pd = warp_sum(pd);
  if (lane == 0) {
    s_src[node] = ps;
    s_dst[node] = pd;
  }
}

__global__ void gat_softmax_aggregate(const int* __restrict__ indptr,
                                      const int* __restrict__ indices,
                                      const double* __restrict__ h,
                                      const double* __restrict__ s_src,
                                      const double* __restrict__ s_dst, double* __restrict__ att,
                                      double* __restrict__ out, int n, int F) {
  const int warps_per_block = blockDim.x >> 5;
  const int node = blockIdx.x * warps_per_block + (threadIdx.x >> 5);
  const int lane = threadIdx.x & 31;
  if (node >= n) return;
  const int beg = indptr[node], end = indptr[node + 1];
  const double sd = s_dst[node];

  double m = -INFINITY;
  for (int p = beg + lane; p < end; p += 32) m = fmax(m, leaky_relu(sd + s_src[indices[p]]));
  m = warp_max(m);

  double s = 0.0;
  for (int p = beg + lane; p < end; p += 32) {
    const double ex = exp(leaky_relu(sd + s_src[indices[p]]) - m);
    att[p] = ex;
    s += ex;
  }
  s = warp_sum(s);
  const double inv = 1.0 / s;
  __syncwarp();

  for (int f = lane; f < F; f += 32) {
    double acc = 0.0;
    for (int p = beg; p < end; ++p) acc += att[p] * h[indices[p] * F + f];
    out[node * F + f] = acc * inv;
  }
  __syncwarp();
  for (int p = beg + lane; p < end; p += 32) att[p] *= inv;
}
