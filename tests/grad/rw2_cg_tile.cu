// cuad: --fn row_logsumexp --wrt out,x
// Row log-sum-exp with cooperative groups: a 16-thread tile per row
// (cg::tiled_partition<16>(block)), meta_group_rank() picks the row, the tile's shfl_xor
// butterflies reduce the maximum and the sum, thread_rank() == 0 writes the result.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void row_logsumexp(float* out, const float* x, int rows, int cols) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<16> tile = cg::tiled_partition<16>(block);
  const int row = blockIdx.x * tile.meta_group_size() + tile.meta_group_rank();
  if (row >= rows) return;
  float m = -INFINITY;
  for (int c = tile.thread_rank(); c < cols; c += tile.size()) m = fmaxf(m, x[row * cols + c]);
  for (int o = tile.size() / 2; o > 0; o /= 2) m = fmaxf(m, tile.shfl_xor(m, o));
  float s = 0.0f;
  for (int c = tile.thread_rank(); c < cols; c += tile.size()) s += expf(x[row * cols + c] - m);
  for (int o = tile.size() / 2; o > 0; o /= 2) s += tile.shfl_xor(s, o);
  if (tile.thread_rank() == 0) out[row] = m + logf(s);
}
