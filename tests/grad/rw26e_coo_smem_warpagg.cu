// cuad: --fn coo_spmv_smem --wrt val,x,y
// cuad: --fn scatter_add_warp_aggregated --wrt msg,edge_w,out
// Two scatter-add kernels for edge lists sorted by destination.
// coo_spmv_smem: y += A x with A in COO sorted by row; block b owns the rows
// [b * ROWS_PER_BLOCK, (b + 1) * ROWS_PER_BLOCK) and the entries [blk_ptr[b], blk_ptr[b+1]);
// threads stride over the block's entries, accumulate into a privatised __shared__ row
// buffer with shared-memory atomicAdd, and after a barrier flush the buffer into y.
// scatter_add_warp_aggregated: out[dst_e, :] += edge_w[e] * msg[e, :] with warp-aggregated
// atomics: the lanes holding the same destination are found with __match_any_sync, every
// lane sums the values of the lanes of its group with a loop of broadcast shuffles, and
// only the lowest lane of each group issues the global atomicAdd.
#include <cuda_runtime.h>

#define ROWS_PER_BLOCK 8
#define NFEAT 2

__global__ void coo_spmv_smem(const int* __restrict__ blk_ptr, const int* __restrict__ row,
                              const int* __restrict__ col, const float* __restrict__ val,
                              const float* __restrict__ x, int num_rows, float* __restrict__ y) {
  __shared__ float acc[ROWS_PER_BLOCK];
  const int r0 = blockIdx.x * ROWS_PER_BLOCK;
  if (threadIdx.x < ROWS_PER_BLOCK) acc[threadIdx.x] = 0.0f;
  __syncthreads();
  for (int k = blk_ptr[blockIdx.x] + threadIdx.x; k < blk_ptr[blockIdx.x + 1]; k += blockDim.x)
    atomicAdd(&acc[row[k] - r0], val[k] * __ldg(&x[col[k]]));
  __syncthreads();
  if (threadIdx.x < ROWS_PER_BLOCK && r0 + threadIdx.x < num_rows) y[r0 + threadIdx.x] += acc[threadIdx.x];
}

__global__ void scatter_add_warp_aggregated(int m, const int* __restrict__ dst, const float* __restrict__ msg,
                                            const float* __restrict__ edge_w, float* __restrict__ out) {
  const int e = blockIdx.x * blockDim.x + threadIdx.x;
  const int lane = threadIdx.x & 31;
  const int d = e < m ? dst[e] : -1;
  const unsigned group = __match_any_sync(0xffffffffu, d);
  const int leader = __ffs(group) - 1;
  for (int f = 0; f < NFEAT; ++f) {
    float v = e < m ? edge_w[e] * msg[e * NFEAT + f] : 0.0f;
    // sum over the group: broadcast every lane in turn, keep those of my group
    float total = 0.0f;
    for (int src = 0; src < 32; ++src) {
      const float t = __shfl_sync(0xffffffffu, v, src);
      if ((group >> src) & 1u) total += t;
    }
    if (lane == leader && d >= 0) atomicAdd(&out[d * NFEAT + f], total);
  }
}
