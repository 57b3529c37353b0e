// cuad: --fn row_lse --wrt out,x
// cuad: fwd --fn row_lse --wrt out,x
// cuad: --fn row_norms --wrt out,x,scale
// cg::reduce over warp tiles, as real code writes reductions: a 16-thread tile per row
// reduces the maximum (cg::greater) and the sum (cg::plus) of a row's log-sum-exp; a full
// warp per row reduces a sum of squares used inside an expression and a sum in a declaration.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

__global__ void row_lse(float* out, const float* x, int rows, int cols) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<16> tile = cg::tiled_partition<16>(block);
  const int row = blockIdx.x * tile.meta_group_size() + tile.meta_group_rank();
  if (row >= rows) return;
  float m = -INFINITY;
  for (int c = tile.thread_rank(); c < cols; c += tile.size()) m = fmaxf(m, x[row * cols + c]);
  m = cg::reduce(tile, m, cg::greater<float>());
  float s = 0.0f;
  for (int c = tile.thread_rank(); c < cols; c += tile.size()) s += expf(x[row * cols + c] - m);
  s = cg::reduce(tile, s, cg::plus<float>{});
  if (tile.thread_rank() == 0) out[row] = m + logf(s);
}

__global__ void row_norms(float* out, const float* x, float scale, int rows, int cols) {
  auto warp = cg::tiled_partition<32>(cg::this_thread_block());
  const int row = blockIdx.x * warp.meta_group_size() + warp.meta_group_rank();
  if (row >= rows) return;
  float sq = 0.0f, lin = 0.0f;
  for (int c = warp.thread_rank(); c < cols; c += 32) {
    const float v = x[row * cols + c];
    sq += v * v;
    lin += v;
  }
  const float total = cg::reduce(warp, lin, cg::plus<float>());
  const float r = scale * sqrtf(cg::reduce(warp, sq, cg::plus<float>()) + 1.0f) + total * total;
  if (warp.thread_rank() == 0) out[row] = r;
}
