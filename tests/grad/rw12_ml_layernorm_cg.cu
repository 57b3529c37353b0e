// cuad: --fn layernorm_cg --wrt out,mean,rstd,inp,weight,bias
// llm.c's layernorm_forward_kernel3 shape: cooperative groups (this_thread_block,
// tiled_partition<32>), one warp per row indexed by meta_group_size/meta_group_rank, sums with
// cg::reduce(warp, v, cg::plus<float>{}), rsqrtf, mean/rstd stored by thread_rank 0, and the
// streaming cache hints __ldcs / __stcs on the last read of x and the store of out.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

__global__ void layernorm_cg(float* __restrict__ out, float* __restrict__ mean,
                             float* __restrict__ rstd, const float* __restrict__ inp,
                             const float* __restrict__ weight, const float* __restrict__ bias,
                             int N, int C) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  const int idx = blockIdx.x * warp.meta_group_size() + warp.meta_group_rank();
  if (idx >= N) return;
  const float* x = inp + idx * C;
  float sum = 0.0f;
  for (int i = warp.thread_rank(); i < C; i += warp.size()) sum += x[i];
  sum = cg::reduce(warp, sum, cg::plus<float>{});
  const float m = sum / C;
  if (warp.thread_rank() == 0) mean[idx] = m;
  sum = 0.0f;
  for (int i = warp.thread_rank(); i < C; i += warp.size()) {
    const float diff = x[i] - m;
    sum += diff * diff;
  }
  sum = cg::reduce(warp, sum, cg::plus<float>{});
  const float s = rsqrtf(sum / C + 1e-5f);
  if (warp.thread_rank() == 0) rstd[idx] = s;
  float* o = out + idx * C;
  for (int c = warp.thread_rank(); c < C; c += warp.size()) {
    const float n = s * (__ldcs(x + c) - m);
    __stcs(o + c, n * weight[c] + bias[c]);
  }
}
