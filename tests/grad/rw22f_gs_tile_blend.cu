// cuad: --fn render_tiles --wrt points_xy,colors,conic_opacity,depths,bg_color,final_T,out_color,out_depth
// cuad: fwd --fn render_tiles --wrt points_xy,colors,conic_opacity,final_T,out_color,out_depth
// The per-pixel blending pass of a 3-D Gaussian splatting rasterizer, single precision, written
// from the public description of the tile renderer: one block per 4x4 screen tile, a
// per-tile range into a list of depth-sorted Gaussian ids, rounds in which every thread of
// the block loads one Gaussian (id, 2-D mean, conic + opacity) into shared memory between two
// __syncthreads, then each pixel walks the batch: the quadratic form of the conic gives
// power, alpha = min(0.99, opacity * exp(power)), Gaussians with power > 0 or
// alpha < 1/255 are skipped, the pixel is done once T * (1 - alpha) would drop below 1e-4;
// colors (gathered through the staged id) and depths are accumulated with weight alpha * T.
// Pixels outside the image still take part in loading and in the barriers. Planar color
// output plus the background times the final transmittance, a depth map, final T and the
// index of the last contributor.
#include <cuda_runtime.h>

#define BLOCK_X 4
#define BLOCK_Y 4
#define BLOCK_SIZE (BLOCK_X * BLOCK_Y)
#define NUM_CHANNELS 3

__global__ void __launch_bounds__(BLOCK_SIZE)
render_tiles(const int2* __restrict__ ranges, const int* __restrict__ point_list, int W, int H,
             const float2* __restrict__ points_xy, const float* __restrict__ colors,
             const float4* __restrict__ conic_opacity, const float* __restrict__ depths,
             const float* __restrict__ bg_color, float* __restrict__ final_T,
             int* __restrict__ n_contrib, float* __restrict__ out_color,
             float* __restrict__ out_depth) {
  const int horizontal_blocks = (W + BLOCK_X - 1) / BLOCK_X;
  const int px = blockIdx.x * BLOCK_X + threadIdx.x;
  const int py = blockIdx.y * BLOCK_Y + threadIdx.y;
  const int pix_id = W * py + px;
  const float2 pixf = make_float2((float)px, (float)py);
  const bool inside = px < W && py < H;
  bool done = !inside;

  const int2 range = ranges[blockIdx.y * horizontal_blocks + blockIdx.x];
  const int rounds = (range.y - range.x + BLOCK_SIZE - 1) / BLOCK_SIZE;
  int toDo = range.y - range.x;

  __shared__ int collected_id[BLOCK_SIZE];
  __shared__ float2 collected_xy[BLOCK_SIZE];
  __shared__ float4 collected_conic_opacity[BLOCK_SIZE];

  const int rank = threadIdx.y * BLOCK_X + threadIdx.x;
  float T = 1.0f;
  int contributor = 0, last_contributor = 0;
  float C[NUM_CHANNELS] = {0.0f};
  float D = 0.0f;

  for (int i = 0; i < rounds; i++, toDo -= BLOCK_SIZE) {
    __syncthreads();
    const int progress = i * BLOCK_SIZE + rank;
    if (range.x + progress < range.y) {
      const int coll_id = point_list[range.x + progress];
      collected_id[rank] = coll_id;
      collected_xy[rank] = points_xy[coll_id];
      collected_conic_opacity[rank] = conic_opacity[coll_id];
    }
    __syncthreads();

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
      for (int ch = 0; ch < NUM_CHANNELS; ch++)
        C[ch] += colors[collected_id[j] * NUM_CHANNELS + ch] * alpha * T;
      D += depths[collected_id[j]] * alpha * T;
      T = test_T;
      last_contributor = contributor;
    }
  }

  if (inside) {
    final_T[pix_id] = T;
    n_contrib[pix_id] = last_contributor;
    for (int ch = 0; ch < NUM_CHANNELS; ch++) out_color[ch * H * W + pix_id] = C[ch] + T * bg_color[ch];
    out_depth[pix_id] = D;
  }
}
