// cuad: --fn block_sums --wrt out,x
// cuad: fwd --fn block_sums --wrt out,x
// cuad: --fn tile_stats --wrt out,x,scale
// cuad: fwd --fn tile_stats --wrt out,x,scale
// cuad: --fn templ_groups --wrt y,a
// cuad: fwd --fn templ_groups --wrt y,a
// Cooperative groups passed to __device__ functions, as the CUDA programming guide and
// sample reductions write them: `reduce_sum(cg::thread_group g, float* temp, float val)` (a
// shared-memory tree over the group) called with the thread block and with a warp tile,
// warp-tile helpers taking `const cg::thread_block_tile<32>&` (shfl_down, shfl_xor,
// meta_group_rank, num_threads, cg::reduce) and a `cg::thread_block&` parameter with
// `block.sync()` and `cg::sync(block)`; the programming guide's template form
// `template <typename group_t> gsum(group_t g, ...)` called with the block and a 16-thread
// tile, and `template <int S> wsum(cg::thread_block_tile<S>)`.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

// the programming guide's reduction: every thread of g ends with the group's sum
__device__ float reduce_sum(cg::thread_group g, float* temp, float val) {
  int lane = g.thread_rank();
  for (int i = g.size() / 2; i > 0; i /= 2) {
    temp[lane] = val;
    g.sync();
    if (lane < i) val += temp[lane + i];
    g.sync();
  }
  return val;
}

__device__ float warp_sum_down(const cg::thread_block_tile<32>& tile, float v) {
  for (int k = tile.num_threads() / 2; k > 0; k /= 2) v += tile.shfl_down(v, k);
  return v;
}

__device__ float warp_max_xor(cg::thread_block_tile<32> tile, float v) {
  for (int k = 16; k > 0; k >>= 1) v = fmaxf(v, tile.shfl_xor(v, k));
  return v;
}

__device__ float warp_sum_reduce(const cg::thread_block_tile<32>& tile, float v) {
  return cg::reduce(tile, v, cg::plus<float>());
}

// stages one value per thread, then a block-wide sum of squares through reduce_sum
__device__ float stage_and_square(cg::thread_block& block, float* temp, float v) {
  temp[block.thread_rank()] = v * v;
  block.sync();
  float mine = temp[block.size() - 1 - block.thread_rank()];
  cg::sync(block);
  return reduce_sum(block, temp, mine);
}

// one partial per block (a thread_group that is the block) and per warp (one that is a tile)
__global__ void block_sums(float* out, const float* x, int n) {
  __shared__ float temp[128];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? sinf(x[i]) + x[i] : 0.0f;
  float s = stage_and_square(block, temp, v) * (1.0f / 128);  // the mean square
  block.sync();
  // each warp's own 32 entries of temp
  float t = reduce_sum(warp, temp + 32 * warp.meta_group_rank(), v * s);
  if (block.thread_rank() == 0) out[blockIdx.x] = s;
  if (warp.thread_rank() == 0) out[gridDim.x + blockIdx.x * 4 + warp.meta_group_rank()] = t;
}

// per-warp statistics through tile parameters
__global__ void tile_stats(float* out, const float* x, float scale, int n) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? scale * x[i] : -1.0f;
  float m = warp_max_xor(tile, v);
  float e = i < n ? expf(v - m) : 0.0f;
  float s = warp_sum_reduce(tile, e);
  float q = warp_sum_down(tile, e * v);
  int w = blockIdx.x * tile.meta_group_size() + tile.meta_group_rank();
  if (tile.thread_rank() == 0) out[w] = m + logf(s) + q / s;
}

// the programming guide's template form of reduce_sum
template <typename group_t>
__device__ float gsum(group_t g, float* x, float v) {
  int lane = g.thread_rank();
  for (int i = g.size() / 2; i > 0; i /= 2) {
    x[lane] = v;
    g.sync();
    if (lane < i) v += x[lane + i];
    g.sync();
  }
  return v;
}

template <unsigned S>
__device__ float wsum(cg::thread_block_tile<S> t, float v) {
  for (int k = S / 2; k > 0; k /= 2) v += t.shfl_xor(v, k);
  return v;
}

// one 64-thread block: a block sum, then per 16-thread tile, then per warp
__global__ void templ_groups(float* y, const float* a) {
  __shared__ float buf[64];
  auto blk = cg::this_thread_block();
  auto quarter = cg::tiled_partition<16>(blk);
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(blk);
  float v = a[threadIdx.x];
  float s = gsum(blk, buf, v * v) * (1.0f / 64);
  blk.sync();
  float t = gsum(quarter, buf + 16 * quarter.meta_group_rank(), v * s);
  float u = wsum(warp, sinf(t));
  y[threadIdx.x] = t + u * v;
}
