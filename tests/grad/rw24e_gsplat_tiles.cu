// cuad: --fn render_tiles<double> --wrt means2d,conic_opacity,colors,bg,out_color,final_T
// The per-tile rasterizer of 3-D Gaussian splatting (the structure of 3DGS's renderCUDA), as a
// kernel template on the scalar type (dispatched for float and double; the double instance
// is differentiated): one block per 4x4 pixel tile, each tile owning a depth-sorted range of
// Gaussian ids in a point list (an int2 range per tile). The block walks its range in
// rounds: a __syncthreads_count of the pixels already saturated ends the walk early, then
// each thread fetches one Gaussian's id, 2-D mean and conic/opacity into shared memory,
// __syncthreads, and every pixel blends the batch front to back (skipping alpha < 1/255,
// clamping alpha at 0.99, marking itself done when the transmittance would drop below 1e-4).
// The image is channel-major; the final transmittance is a second output.
#include <cuda_runtime.h>

#define BLOCK_X 4
#define BLOCK_Y 4
#define BLOCK_SIZE (BLOCK_X * BLOCK_Y)
#define CHANNELS 3

template <typename scalar_t>
__global__ void render_tiles(const int2* __restrict__ ranges, const int* __restrict__ point_list, int W, int H,
                             const scalar_t* __restrict__ means2d, const scalar_t* __restrict__ conic_opacity,
                             const scalar_t* __restrict__ colors, const scalar_t* __restrict__ bg,
                             scalar_t* __restrict__ out_color, scalar_t* __restrict__ final_T) {
  const int tiles_x = (W + BLOCK_X - 1) / BLOCK_X;
  const int tile = blockIdx.y * tiles_x + blockIdx.x;
  const int rank = threadIdx.y * BLOCK_X + threadIdx.x;
  const int px = blockIdx.x * BLOCK_X + threadIdx.x;
  const int py = blockIdx.y * BLOCK_Y + threadIdx.y;
  const int pix_id = W * py + px;
  const scalar_t pixf_x = (scalar_t)px, pixf_y = (scalar_t)py;
  const bool inside = px < W && py < H;
  bool done = !inside;

  const int2 range = ranges[tile];
  const int rounds = (range.y - range.x + BLOCK_SIZE - 1) / BLOCK_SIZE;
  int toDo = range.y - range.x;

  __shared__ int collected_id[BLOCK_SIZE];
  __shared__ scalar_t collected_xy[BLOCK_SIZE][2];
  __shared__ scalar_t collected_conic_opacity[BLOCK_SIZE][4];

  scalar_t T = 1;
  scalar_t C[CHANNELS] = {0};
  for (int i = 0; i < rounds; i++, toDo -= BLOCK_SIZE) {
    const int num_done = __syncthreads_count(done);
    if (num_done == BLOCK_SIZE) break;
    const int progress = i * BLOCK_SIZE + rank;
    if (range.x + progress < range.y) {
      const int coll_id = point_list[range.x + progress];
      collected_id[rank] = coll_id;
      for (int e = 0; e < 2; ++e) collected_xy[rank][e] = means2d[2 * coll_id + e];
      for (int e = 0; e < 4; ++e) collected_conic_opacity[rank][e] = conic_opacity[4 * coll_id + e];
    }
    __syncthreads();
    for (int j = 0; !done && j < min(BLOCK_SIZE, toDo); j++) {
      const scalar_t dx = collected_xy[j][0] - pixf_x, dy = collected_xy[j][1] - pixf_y;
      const scalar_t* con_o = collected_conic_opacity[j];
      const scalar_t power = scalar_t(-0.5) * (con_o[0] * dx * dx + con_o[2] * dy * dy) - con_o[1] * dx * dy;
      if (power > 0) continue;
      const scalar_t alpha = min(scalar_t(0.99), con_o[3] * exp(power));
      if (alpha < scalar_t(1.0 / 255.0)) continue;
      const scalar_t test_T = T * (1 - alpha);
      if (test_T < scalar_t(0.0001)) {
        done = true;
        continue;
      }
      for (int ch = 0; ch < CHANNELS; ch++) C[ch] += colors[collected_id[j] * CHANNELS + ch] * alpha * T;
      T = test_T;
    }
  }
  if (inside) {
    final_T[pix_id] = T;
    for (int ch = 0; ch < CHANNELS; ch++) out_color[ch * H * W + pix_id] = C[ch] + T * bg[ch];
  }
}

template __global__ void render_tiles<float>(const int2*, const int*, int, int, const float*, const float*,
                                             const float*, const float*, float*, float*);
template __global__ void render_tiles<double>(const int2*, const int*, int, int, const double*, const double*,
                                              const double*, const double*, double*, double*);
