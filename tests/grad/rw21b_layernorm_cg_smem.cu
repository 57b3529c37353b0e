// cuad: --fn layernorm_rowcache --wrt x,gamma,beta,y
// LayerNorm forward in the style of Apex / PyTorch persistent layer-norm kernels: one block
// per row; the row is cached once in dynamic shared memory, which is carved into the row
// cache and per-warp partial sums; each warp reduces with cooperative_groups' cg::reduce over
// a thread_block_tile<32>, warp 0 combines the partials, and a two-pass (mean, then centered
// sum of squares) variance is taken from the cached row.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

template <typename Group>
__device__ float block_sum(const cg::thread_block& block, const Group& warp, float v,
                           float* partials) {
  v = cg::reduce(warp, v, cg::plus<float>());
  if (warp.thread_rank() == 0) partials[warp.meta_group_rank()] = v;
  block.sync();
  const int nwarps = (block.size() + 31) / 32;
  float total = 0.f;
  for (int i = 0; i < nwarps; ++i) total += partials[i];
  block.sync();  // partials is reused by the next call
  return total;
}

__global__ void layernorm_rowcache(const float* __restrict__ x, const float* __restrict__ gamma,
                                   const float* __restrict__ beta, float* __restrict__ y, int C,
                                   float eps) {
  extern __shared__ float smem[];
  float* s_row = smem;           // C floats
  float* s_partial = smem + C;   // one float per warp
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  const float* xr = x + (size_t)blockIdx.x * C;

  float s = 0.f;
  for (int c = threadIdx.x; c < C; c += blockDim.x) {
    const float v = xr[c];
    s_row[c] = v;
    s += v;
  }
  const float mean = block_sum(block, warp, s, s_partial) / C;

  float sq = 0.f;
  for (int c = threadIdx.x; c < C; c += blockDim.x) {
    const float d = s_row[c] - mean;
    sq += d * d;
  }
  const float rstd = rsqrtf(block_sum(block, warp, sq, s_partial) / C + eps);

  float* yr = y + (size_t)blockIdx.x * C;
  for (int c = threadIdx.x; c < C; c += blockDim.x)
    yr[c] = (s_row[c] - mean) * rstd * gamma[c] + beta[c];
}
