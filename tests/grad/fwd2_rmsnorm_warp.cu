#include <cooperative_groups.h>
namespace cg = cooperative_groups;
// cuad: fwd --fn rmsnorm_warp
// cuad: fwd --fn norm3d
// RMSNorm in float, one warp per row (two warps per block), butterfly all-reduce with
// __shfl_xor_sync in a __forceinline__ device function, rsqrtf; warps past the last row
// return early.
// 2: a 3-D grid, a block reduction in a device function through a cooperative-groups tile
// (tile.shfl_down, thread_rank), a __shared__ array and __shfl_down_sync, then atomicAdd.
__device__ __forceinline__ float warp_allreduce_sum(float v) {
#pragma unroll
  for (int mask = 16; mask > 0; mask >>= 1) v += __shfl_xor_sync(0xffffffffu, v, mask);
  return v;
}
__global__ void rmsnorm_warp(float* __restrict__ y, const float* __restrict__ x,
                             const float* __restrict__ weight, int rows, int cols, float eps) {
  const int warps_per_block = blockDim.x / 32;
  const int row = blockIdx.x * warps_per_block + threadIdx.x / 32;
  const int lane = threadIdx.x % 32;
  if (row >= rows) return;
  const float* xr = x + row * cols;
  float ss = 0.f;
  for (int j = lane; j < cols; j += 32) ss += xr[j] * xr[j];
  ss = warp_allreduce_sum(ss);
  const float inv = rsqrtf(ss / cols + eps);
  for (int j = lane; j < cols; j += 32) y[row * cols + j] = xr[j] * inv * weight[j];
}

__device__ float block_sum(float v) {
  __shared__ float part[32];
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cg::this_thread_block());
  for (int o = 16; o > 0; o /= 2) v += tile.shfl_down(v, o);
  if (tile.thread_rank() == 0) part[threadIdx.x / 32] = v;
  __syncthreads();
  float s = threadIdx.x < blockDim.x / 32 ? part[threadIdx.x] : 0.f;
  if (threadIdx.x < 32)
    for (int o = 16; o > 0; o /= 2) s += __shfl_down_sync(0xffffffffu, s, o);
  return s;
}
__global__ void norm3d(int nx, int ny, int nz, const float* u, float* out) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y, z = blockIdx.z;
  float v = 0.f;
  if (x < nx) {
    float c = u[(z * ny + y) * nx + x];
    v = c * c * (1.f + 0.5f * sinf(c));
  }
  float s = block_sum(v);
  if (threadIdx.x == 0) atomicAdd(out, sqrtf(s + 1.f));
}
