// cuad: --fn contact_wrench --wrt pose,body_pts,planes,wrench,energy
// cuad: fwd --fn contact_wrench --wrt pose,body_pts,planes,wrench,energy
// Penalty contact between rigid bodies and a piecewise-planar terrain, single precision, the
// way differentiable simulators (Brax / Warp style) write it: one block per body, one thread
// per body-fixed contact point. Each point is moved to the world by the body's pose (a
// normalized quaternion + position); its penetration into the terrain is a soft maximum over
// the planes (log-sum-exp with the hard maximum subtracted for stability, sharpness BETA);
// the penalty force is k * softplus along the soft-max-weighted normal. Force and torque
// about the body's origin are reduced over the block with warp shuffles, then across the
// warps in shared memory; thread 0 writes the body's wrench, and every thread adds its
// elastic energy into one global scalar with atomicAdd.
#include <cuda_runtime.h>

#define MAX_PLANES 4
#define PTS_PER_BODY 64
#define BETA 5.0f

struct Pose {
  float qw, qx, qy, qz;
  float px, py, pz;
};

struct Plane {
  float nx, ny, nz, h;  // n . x >= h is outside
};

__device__ void quat_rotate(const Pose& b, const float v[3], float out[3]) {
  const float inv = rsqrtf(b.qw * b.qw + b.qx * b.qx + b.qy * b.qy + b.qz * b.qz);
  const float w = b.qw * inv, x = b.qx * inv, y = b.qy * inv, z = b.qz * inv;
  // t = 2 q_v x v ; v' = v + w t + q_v x t
  const float tx = 2.0f * (y * v[2] - z * v[1]);
  const float ty = 2.0f * (z * v[0] - x * v[2]);
  const float tz = 2.0f * (x * v[1] - y * v[0]);
  out[0] = v[0] + w * tx + (y * tz - z * ty);
  out[1] = v[1] + w * ty + (z * tx - x * tz);
  out[2] = v[2] + w * tz + (x * ty - y * tx);
}

__device__ __forceinline__ float warp_sum(float v) {
  for (int off = 16; off > 0; off >>= 1) v += __shfl_down_sync(0xffffffffu, v, off);
  return v;
}

__global__ void contact_wrench(const Pose* __restrict__ pose, const float* __restrict__ body_pts,
                               const Plane* __restrict__ planes, int n_planes, float stiffness,
                               float* __restrict__ wrench, float* energy) {
  __shared__ float partial[PTS_PER_BODY / 32][6];
  const int b = blockIdx.x, tid = threadIdx.x;
  const Pose P = pose[b];
  const float* lp = body_pts + 3 * (b * PTS_PER_BODY + tid);
  const float local[3] = {lp[0], lp[1], lp[2]};
  float r[3];
  quat_rotate(P, local, r);
  const float x[3] = {r[0] + P.px, r[1] + P.py, r[2] + P.pz};
  float depth[MAX_PLANES];
  float dmax = -1e30f;
  for (int k = 0; k < n_planes; ++k) {
    const Plane& pl = planes[k];
    depth[k] = pl.h - (pl.nx * x[0] + pl.ny * x[1] + pl.nz * x[2]);
    dmax = fmaxf(dmax, depth[k]);
  }
  float z = 0.0f, nrm[3] = {0.0f, 0.0f, 0.0f};
  for (int k = 0; k < n_planes; ++k) {
    const float wk = expf(BETA * (depth[k] - dmax));
    z += wk;
    nrm[0] += wk * planes[k].nx;
    nrm[1] += wk * planes[k].ny;
    nrm[2] += wk * planes[k].nz;
  }
  const float pen = dmax + logf(z) / BETA;
  const float sp = log1pf(expf(BETA * pen)) / BETA;
  const float mag = stiffness * sp;
  float f[6];
  for (int c = 0; c < 3; ++c) f[c] = mag * nrm[c] / z;
  f[3] = r[1] * f[2] - r[2] * f[1];
  f[4] = r[2] * f[0] - r[0] * f[2];
  f[5] = r[0] * f[1] - r[1] * f[0];
  atomicAdd(energy, 0.5f * stiffness * sp * sp);
  const int lane = tid & 31, warp = tid >> 5;
  for (int c = 0; c < 6; ++c) {
    const float s = warp_sum(f[c]);
    if (lane == 0) partial[warp][c] = s;
  }
  __syncthreads();
  if (tid == 0) {
    for (int c = 0; c < 6; ++c) {
      float s = 0.0f;
      for (int w = 0; w < PTS_PER_BODY / 32; ++w) s += partial[w][c];
      wrench[6 * b + c] = s;
    }
  }
}
