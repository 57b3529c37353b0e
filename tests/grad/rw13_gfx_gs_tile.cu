// cuad: --fn render_tiles<3> --wrt means2d,conic_opacity,colors,out_color,final_T
// 3-D Gaussian splatting, tile rasterizer forward pass (the structure of the reference
// diff-gaussian-rasterization `renderCUDA`): one block per 4x4 pixel tile, each tile owns a
// depth-sorted range [ranges[t].x, ranges[t].y) of a point list; the block loads batches of
// BLOCK_SIZE Gaussians (id, 2-D mean, conic + opacity as double4) into __shared__ arrays,
// stops early when every pixel of the tile is done (__syncthreads_count), and every pixel
// composites front to back: power of the conic, alpha = min(0.99, o exp(power)), skips
// alpha < 1/255, terminates when the transmittance would fall below 1e-4. Writes the
// composited color + T * background (planar channels) and the final transmittance.
#include <cuda_runtime.h>

#define BLOCK_X 4
#define BLOCK_Y 4
#define BLOCK_SIZE (BLOCK_X * BLOCK_Y)

template <int CHANNELS>
__global__ void __launch_bounds__(BLOCK_SIZE)
    render_tiles(const int2* __restrict__ ranges, const int* __restrict__ point_list, int W, int H,
                 const double2* __restrict__ means2d, const double4* __restrict__ conic_opacity,
                 const double* __restrict__ colors, const double* __restrict__ bg_color,
                 double* __restrict__ out_color, double* __restrict__ final_T) {
  const int tiles_x = (W + BLOCK_X - 1) / BLOCK_X;
  const int tile = blockIdx.y * tiles_x + blockIdx.x;
  const int px = blockIdx.x * BLOCK_X + threadIdx.x;
  const int py = blockIdx.y * BLOCK_Y + threadIdx.y;
  const int tid = threadIdx.y * BLOCK_X + threadIdx.x;
  const int pix_id = W * py + px;
  const double2 pixf = make_double2((double)px, (double)py);

  const bool inside = px < W && py < H;
  bool done = !inside;

  const int2 range = ranges[tile];
  const int rounds = (range.y - range.x + BLOCK_SIZE - 1) / BLOCK_SIZE;
  int toDo = range.y - range.x;

  __shared__ int collected_id[BLOCK_SIZE];
  __shared__ double2 collected_xy[BLOCK_SIZE];
  __shared__ double4 collected_conic_opacity[BLOCK_SIZE];

  double T = 1.0;
  double C[CHANNELS] = {0};

  for (int i = 0; i < rounds; i++, toDo -= BLOCK_SIZE) {
    const int num_done = __syncthreads_count(done);
    if (num_done == BLOCK_SIZE) break;

    const int progress = i * BLOCK_SIZE + tid;
    if (range.x + progress < range.y) {
      const int coll_id = point_list[range.x + progress];
      collected_id[tid] = coll_id;
      collected_xy[tid] = means2d[coll_id];
      collected_conic_opacity[tid] = conic_opacity[coll_id];
    }
    __syncthreads();

    // 3DGS writes `j < min(BLOCK_SIZE, toDo)` in the loop condition; hoisted because cuad
    // refuses a call in the condition of a loop with `continue` (rw13_gfx_loopmin_min)
    const int batch = min(BLOCK_SIZE, toDo);
    for (int j = 0; !done && j < batch; j++) {
      const double2 xy = collected_xy[j];
      const double2 d = {xy.x - pixf.x, xy.y - pixf.y};
      const double4 con_o = collected_conic_opacity[j];
      const double power =
          -0.5 * (con_o.x * d.x * d.x + con_o.z * d.y * d.y) - con_o.y * d.x * d.y;
      if (power > 0.0) continue;

      const double alpha = fmin(0.99, con_o.w * exp(power));
      if (alpha < 1.0 / 255.0) continue;
      const double test_T = T * (1 - alpha);
      if (test_T < 0.0001) {
        done = true;
        continue;
      }
#pragma unroll
      for (int ch = 0; ch < CHANNELS; ch++)
        C[ch] += colors[collected_id[j] * CHANNELS + ch] * alpha * T;
      T = test_T;
    }
  }

  if (inside) {
    final_T[pix_id] = T;
#pragma unroll
    for (int ch = 0; ch < CHANNELS; ch++) out_color[ch * H * W + pix_id] = C[ch] + T * bg_color[ch];
  }
}
