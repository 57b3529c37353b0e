// cuad: --fn online_softmax --wrt out,lse,x
// cuad: fwd --fn online_softmax --wrt out,lse,x
// Single-pass ("online") softmax in the style of FlashAttention / the online normalizer
// paper: each lane of a warp folds its strided slice of the row into a running (max, sum)
// pair, the pairs are merged across the warp with a cooperative_groups thread_block_tile<32>
// shfl_xor butterfly, then the row is written as exp(x - m) / d, and log-sum-exp is saved for
// backward. The (m, d) pair is a small struct with __device__ member functions.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

struct MaxSum {
  float m;  // running maximum
  float d;  // sum of exp(x - m)

  __device__ __forceinline__ void add(float x) {
    const float m_new = fmaxf(m, x);
    d = d * __expf(m - m_new) + __expf(x - m_new);
    m = m_new;
  }
  __device__ __forceinline__ void merge(const MaxSum& o) {
    const float m_new = fmaxf(m, o.m);
    d = d * __expf(m - m_new) + o.d * __expf(o.m - m_new);
    m = m_new;
  }
};

__global__ void online_softmax(float* __restrict__ out, float* __restrict__ lse,
                               const float* __restrict__ x, int rows, int cols) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  const int row = blockIdx.x * (blockDim.x / 32) + warp.meta_group_rank();
  if (row >= rows) return;
  const float* xr = x + (size_t)row * cols;

  MaxSum acc{-INFINITY, 0.f};
  for (int c = warp.thread_rank(); c < cols; c += warp.size()) acc.add(xr[c]);

#pragma unroll
  for (int off = 16; off > 0; off /= 2) {
    MaxSum other;
    other.m = warp.shfl_xor(acc.m, off);
    other.d = warp.shfl_xor(acc.d, off);
    acc.merge(other);
  }

  const float inv_d = 1.f / acc.d;
  float* orow = out + (size_t)row * cols;
  for (int c = warp.thread_rank(); c < cols; c += warp.size())
    orow[c] = __expf(xr[c] - acc.m) * inv_d;
  if (warp.thread_rank() == 0) lse[row] = acc.m + __logf(acc.d);
}
