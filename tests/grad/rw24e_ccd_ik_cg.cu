// cuad: --fn ccd_ik_batch --wrt theta0,len,targets,theta,loss
// Cyclic-coordinate-descent inverse kinematics for a batch of planar arms (single
// precision), one thread per problem: each sweep walks the joints from the tip to the root,
// recomputes the joint positions into a local float2 array (forward kinematics with
// cumulative angles, overwritten every step), rotates joint j by a damped fraction of the
// angle between (effector - p_j) and (target - p_j) from atan2f(cross, dot), and updates
// the angle in a local array. The final angles are written out, and the batch's residual
// loss is reduced over each warp with cooperative groups (cg::reduce on a 32-thread tile)
// and added to a scalar with atomicAdd by each tile's leader.
#include <cuda_runtime.h>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

namespace cg = cooperative_groups;

#define NJ 4

__device__ void planar_positions(const float* th, const float* len, float2* pos) {
  float acc = 0.0f, x = 0.0f, y = 0.0f;
  pos[0] = make_float2(0.0f, 0.0f);
  for (int k = 0; k < NJ; ++k) {
    acc += th[k];
    x += len[k] * cosf(acc);
    y += len[k] * sinf(acc);
    pos[k + 1] = make_float2(x, y);
  }
}

__global__ void ccd_ik_batch(const float* __restrict__ theta0, const float* __restrict__ len,
                             const float2* __restrict__ targets, int n, int sweeps, float damping,
                             float* __restrict__ theta, float* __restrict__ loss) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  const int b = blockIdx.x * blockDim.x + threadIdx.x;
  float r2 = 0.0f;
  if (b < n) {
    float th[NJ];
    for (int k = 0; k < NJ; ++k) th[k] = theta0[b * NJ + k];
    const float2 tg = targets[b];
    float2 pos[NJ + 1];
    for (int s = 0; s < sweeps; ++s) {
      for (int j = NJ - 1; j >= 0; --j) {
        planar_positions(th, len, pos);
        const float ex = pos[NJ].x - pos[j].x, ey = pos[NJ].y - pos[j].y;
        const float tx = tg.x - pos[j].x, ty = tg.y - pos[j].y;
        const float delta = atan2f(ex * ty - ey * tx, ex * tx + ey * ty);
        th[j] += damping * delta;
      }
    }
    planar_positions(th, len, pos);
    const float dx = pos[NJ].x - tg.x, dy = pos[NJ].y - tg.y;
    r2 = dx * dx + dy * dy;
    for (int k = 0; k < NJ; ++k) theta[b * NJ + k] = th[k];
  }
  const float tile_sum = cg::reduce(tile, r2, cg::plus<float>());
  if (tile.thread_rank() == 0) atomicAdd(loss, tile_sum);
}
