// cuad: --fn layernorm_backward_kernel2 --wrt dinp,dweight,dbias,dout,inp,weight,mean,rstd
// llm.c's layernorm_backward_kernel2 used as the primal, for a double-backward (gradient
// penalties, Hessian-vector products): one warp per (b, t) row through cooperative groups
// (thread_block, tiled_partition<32>, meta_group_rank/size, thread_rank), two
// cg::reduce(warp, ., cg::plus<float>{}) reductions, per-block dweight/dbias partials in
// dynamic shared memory accumulated with atomicAdd from every warp, then added into the global
// dweight/dbias with atomicAdd; dinp is accumulated with += as in llm.c. All three gradient
// buffers are read-modify-write outputs.
#include <cuda_runtime.h>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

__global__ void layernorm_backward_kernel2(float* dinp, float* dweight, float* dbias, const float* dout,
                                           const float* inp, const float* weight, const float* mean,
                                           const float* rstd, int B, int T, int C) {
  extern __shared__ float shared[];  // size = 2 * C
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  const int idx = blockIdx.x * warp.meta_group_size() + warp.meta_group_rank();
  const int N = B * T;
  const int b = idx / T;
  const int t = idx % T;
  const float* dout_bt = dout + b * T * C + t * C;
  const float* inp_bt = inp + b * T * C + t * C;
  float* dinp_bt = dinp + b * T * C + t * C;
  const float mean_bt = idx < N ? mean[b * T + t] : 0.0f;
  const float rstd_bt = idx < N ? rstd[b * T + t] : 0.0f;

  float* dbias_shared = shared;
  float* dweight_shared = shared + C;
  for (int i = threadIdx.x; i < C; i += blockDim.x) {
    dbias_shared[i] = 0.0f;
    dweight_shared[i] = 0.0f;
  }
  __syncthreads();

  if (idx < N) {
    float dnorm_mean = 0.0f;
    float dnorm_norm_mean = 0.0f;
    for (int i = warp.thread_rank(); i < C; i += warp.size()) {
      const float norm_bti = (inp_bt[i] - mean_bt) * rstd_bt;
      const float dnorm_i = weight[i] * dout_bt[i];
      dnorm_mean += dnorm_i;
      dnorm_norm_mean += dnorm_i * norm_bti;
    }
    dnorm_mean = cg::reduce(warp, dnorm_mean, cg::plus<float>{});
    dnorm_norm_mean = cg::reduce(warp, dnorm_norm_mean, cg::plus<float>{});
    dnorm_mean = dnorm_mean / C;
    dnorm_norm_mean = dnorm_norm_mean / C;

    for (int i = warp.thread_rank(); i < C; i += warp.size()) {
      const float norm_bti = (inp_bt[i] - mean_bt) * rstd_bt;
      const float dnorm_i = weight[i] * dout_bt[i];
      atomicAdd(&dbias_shared[i], dout_bt[i]);
      atomicAdd(&dweight_shared[i], norm_bti * dout_bt[i]);
      float dval = 0.0f;
      dval += dnorm_i;
      dval -= dnorm_mean;
      dval -= norm_bti * dnorm_norm_mean;
      dval *= rstd_bt;
      dinp_bt[i] += dval;
    }
  }
  __syncthreads();
  for (int i = threadIdx.x; i < C; i += blockDim.x) {
    atomicAdd(&dbias[i], dbias_shared[i]);
    atomicAdd(&dweight[i], dweight_shared[i]);
  }
}
