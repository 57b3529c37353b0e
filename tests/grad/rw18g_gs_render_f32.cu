// cuad: --fn render_cuda<3> --wrt points_xy,conic_opacity,features,bg_color,out_color,final_T
// cuad: fwd --fn render_cuda<3> --wrt points_xy,conic_opacity,features,out_color,final_T
// 3-D Gaussian splatting forward rasterizer in float, written the way the reference
// diff-gaussian-rasterization renderCUDA is: cooperative groups (this_thread_block,
// group_index, thread_index, thread_rank, block.sync()), uint2 tile ranges into a uint32
// point list of depth-sorted Gaussian ids, batches of BLOCK_SIZE (id, float2 mean, float4
// conic+opacity) staged in __shared__, a `done` flag per pixel and __syncthreads_count to
// leave the batch loop when the whole tile is done, alpha = min(0.99f, o * exp(power)),
// skip below 1/255, early termination when T would drop below 1e-4, colors gathered through
// the staged id, n_contrib bookkeeping, planar output + T * background.
#include <cuda_runtime.h>
#include <cooperative_groups.h>
#include <cstdint>
namespace cg = cooperative_groups;

#define BLOCK_X 4
#define BLOCK_Y 4
#define BLOCK_SIZE (BLOCK_X * BLOCK_Y)

template <uint32_t CHANNELS>
__global__ void __launch_bounds__(BLOCK_X * BLOCK_Y)
render_cuda(const uint2* __restrict__ ranges, const uint32_t* __restrict__ point_list, int W,
            int H, const float2* __restrict__ points_xy, const float* __restrict__ features,
            const float4* __restrict__ conic_opacity, float* __restrict__ final_T,
            uint32_t* __restrict__ n_contrib, const float* __restrict__ bg_color,
            float* __restrict__ out_color) {
  auto block = cg::this_thread_block();
  const uint32_t horizontal_blocks = (W + BLOCK_X - 1) / BLOCK_X;
  const uint2 pix_min = {block.group_index().x * BLOCK_X, block.group_index().y * BLOCK_Y};
  const uint2 pix = {pix_min.x + block.thread_index().x, pix_min.y + block.thread_index().y};
  const uint32_t pix_id = W * pix.y + pix.x;
  const float2 pixf = {(float)pix.x, (float)pix.y};

  const bool inside = pix.x < W && pix.y < H;
  bool done = !inside;

  const uint2 range = ranges[block.group_index().y * horizontal_blocks + block.group_index().x];
  const int rounds = ((range.y - range.x + BLOCK_SIZE - 1) / BLOCK_SIZE);
  int toDo = range.y - range.x;

  __shared__ int collected_id[BLOCK_SIZE];
  __shared__ float2 collected_xy[BLOCK_SIZE];
  __shared__ float4 collected_conic_opacity[BLOCK_SIZE];

  float T = 1.0f;
  uint32_t contributor = 0;
  uint32_t last_contributor = 0;
  float C[CHANNELS] = {0};

  for (int i = 0; i < rounds; i++, toDo -= BLOCK_SIZE) {
    const int num_done = __syncthreads_count(done);
    if (num_done == BLOCK_SIZE) break;

    const int progress = i * BLOCK_SIZE + block.thread_rank();
    if (range.x + progress < range.y) {
      const int coll_id = point_list[range.x + progress];
      collected_id[block.thread_rank()] = coll_id;
      collected_xy[block.thread_rank()] = points_xy[coll_id];
      collected_conic_opacity[block.thread_rank()] = conic_opacity[coll_id];
    }
    block.sync();

    for (int j = 0; !done && j < min(BLOCK_SIZE, toDo); j++) {
      contributor++;
      const float2 xy = collected_xy[j];
      const float2 d = {xy.x - pixf.x, xy.y - pixf.y};
      const float4 con_o = collected_conic_opacity[j];
      const float power = -0.5f * (con_o.x * d.x * d.x + con_o.z * d.y * d.y) - con_o.y * d.x * d.y;
      if (power > 0.0f) continue;

      const float alpha = min(0.99f, con_o.w * exp(power));
      if (alpha < 1.0f / 255.0f) continue;
      const float test_T = T * (1 - alpha);
      if (test_T < 0.0001f) {
        done = true;
        continue;
      }
      for (int ch = 0; ch < CHANNELS; ch++)
        C[ch] += features[collected_id[j] * CHANNELS + ch] * alpha * T;
      T = test_T;
      last_contributor = contributor;
    }
  }

  if (inside) {
    final_T[pix_id] = T;
    n_contrib[pix_id] = last_contributor;
    for (int ch = 0; ch < CHANNELS; ch++) out_color[ch * H * W + pix_id] = C[ch] + T * bg_color[ch];
  }
}
