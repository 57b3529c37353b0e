// cuad: --fn grid_update --wrt grid_mv,grid_m,bc
// cuad: fwd --fn grid_update --wrt grid_mv,grid_m,bc
// MPM grid update in single precision, as a Taichi-to-CUDA port writes it: one thread per
// node on a 2-D launch, momentum turned into velocity *in place* (the grid_mv buffer holds
// velocities afterwards), gravity, then boundary conditions within `bound` nodes of each
// wall: the side walls and the ceiling are frictional (Coulomb projection of the velocity,
// free when separating), the floor is sticky. Empty nodes are left untouched.
#include <cuda_runtime.h>

struct GridBC {
  float dt;
  float gravity;
  float friction;
  int bound;
};

__device__ __forceinline__ float dot2(float2 a, float2 b) { return a.x * b.x + a.y * b.y; }

// Coulomb friction against a wall with inward normal nrm.
__device__ float2 project_wall(float2 v, float2 nrm, float mu_f) {
  const float vn = dot2(v, nrm);
  if (vn >= 0.0f) return v;  // moving away from the wall
  const float2 vt = make_float2(v.x - vn * nrm.x, v.y - vn * nrm.y);
  const float vt_len = sqrtf(dot2(vt, vt));
  const float scale = fmaxf(0.0f, 1.0f + mu_f * vn / vt_len);
  return make_float2(vt.x * scale, vt.y * scale);
}

__global__ void grid_update(int ng, float* grid_mv, const float* __restrict__ grid_m, GridBC bc) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i >= ng || j >= ng) return;
  const int node = i * ng + j;
  const float m = grid_m[node];
  if (m <= 0.0f) return;
  float2 v = make_float2(grid_mv[2 * node] / m, grid_mv[2 * node + 1] / m);
  v.y -= bc.dt * bc.gravity;
  if (i < bc.bound) v = project_wall(v, make_float2(1.0f, 0.0f), bc.friction);
  if (i >= ng - bc.bound) v = project_wall(v, make_float2(-1.0f, 0.0f), bc.friction);
  if (j >= ng - bc.bound) v = project_wall(v, make_float2(0.0f, -1.0f), bc.friction);
  if (j < bc.bound) v = make_float2(0.0f, 0.0f);
  grid_mv[2 * node] = v.x;
  grid_mv[2 * node + 1] = v.y;
}
