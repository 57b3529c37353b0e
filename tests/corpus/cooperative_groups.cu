// Reductions written with cooperative groups: thread_block, tiled_partition<32>, shfl on a
// tile, cg::sync, and a grid-stride loop over the grid group's rank.
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

__device__ float tile_sum(cg::thread_block_tile<32> tile, float v) {
  for (int offset = tile.size() / 2; offset > 0; offset /= 2)
    v += tile.shfl_down(v, offset);
  return v;
}

__global__ void cg_sum(const float *in, float *out, int n) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  __shared__ float per_tile[32];
  float v = 0.0f;
  for (int i = block.group_index().x * block.size() + block.thread_rank(); i < n;
       i += gridDim.x * block.size())
    v += in[i];
  v = tile_sum(tile, v);
  if (tile.thread_rank() == 0)
    per_tile[block.thread_rank() / 32] = v;
  cg::sync(block);
  if (block.thread_rank() < 32) {
    unsigned ntiles = (block.size() + 31) / 32;
    float w = block.thread_rank() < ntiles ? per_tile[block.thread_rank()] : 0.0f;
    w = tile_sum(tile, w);
    if (block.thread_rank() == 0)
      atomicAdd(out, w);
  }
}
