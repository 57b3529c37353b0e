// cuad: --fn photometric_residual<3> --wrt tgt,inv_depth,pose,K,energy
// cuad: fwd --fn photometric_energy --wrt tgt,inv_depth,pose
// Direct (photometric) image alignment as in DSO / LSD-SLAM, single precision: every pixel of
// the reference frame with a positive inverse depth is back-projected through a pinhole
// camera (a struct with project/backproject methods, passed by value), moved by a 3x4 pose,
// projected into the target frame and, when it lands inside, compared with a bilinear sample
// (clamp-to-edge texel helper returning a const reference). Channels are a template parameter
// (`if constexpr` picks the grey path). The Huber-robust error is reduced over the warp with a
// __shfl_xor_sync butterfly and added to the energy by lane 0; a host function uploads the
// frames, launches, and returns the energy.
#include <cuda_runtime.h>

struct Pinhole {
  float fx, fy, cx, cy;
  __host__ __device__ float2 project(float3 p) const {
    return make_float2(fx * p.x / p.z + cx, fy * p.y / p.z + cy);
  }
  __host__ __device__ float3 backproject(float u, float v, float idepth) const {
    const float z = 1.0f / idepth;
    return make_float3((u - cx) / fx * z, (v - cy) / fy * z, z);
  }
};

__device__ __forceinline__ const float& texel(const float* img, int x, int y, int W, int H) {
  x = x < 0 ? 0 : (x > W - 1 ? W - 1 : x);
  y = y < 0 ? 0 : (y > H - 1 ? H - 1 : y);
  return img[y * W + x];
}

__device__ float sample_bilinear(const float* img, float2 p, int W, int H) {
  const int x0 = (int)floorf(p.x), y0 = (int)floorf(p.y);
  const float ax = p.x - x0, ay = p.y - y0;
  const float top = (1.0f - ax) * texel(img, x0, y0, W, H) + ax * texel(img, x0 + 1, y0, W, H);
  const float bot = (1.0f - ax) * texel(img, x0, y0 + 1, W, H) + ax * texel(img, x0 + 1, y0 + 1, W, H);
  return (1.0f - ay) * top + ay * bot;
}

__device__ __forceinline__ float huber(float r, float k) {
  const float a = fabsf(r);
  return a <= k ? 0.5f * r * r : k * (a - 0.5f * k);
}

__device__ __forceinline__ float3 transform(const float* T, float3 p) {
  return make_float3(T[0] * p.x + T[1] * p.y + T[2] * p.z + T[3],
                     T[4] * p.x + T[5] * p.y + T[6] * p.z + T[7],
                     T[8] * p.x + T[9] * p.y + T[10] * p.z + T[11]);
}

template <int C>
__global__ void photometric_residual(const float* __restrict__ ref, const float* __restrict__ tgt,
                                     const float* __restrict__ inv_depth,
                                     const float* __restrict__ pose, Pinhole K, int W, int H,
                                     float huber_k, float* __restrict__ energy) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  float e = 0.0f;
  if (i < W * H && inv_depth[i] > 0.0f) {
    const float u = (float)(i % W), v = (float)(i / W);
    const float3 pt = transform(pose, K.backproject(u, v, inv_depth[i]));
    const float2 q = K.project(pt);
    if (pt.z > 0.1f && q.x >= 0.0f && q.y >= 0.0f && q.x <= W - 1.0f && q.y <= H - 1.0f) {
      if constexpr (C == 1) {
        e = huber(sample_bilinear(tgt, q, W, H) - ref[i], huber_k);
      } else {
        for (int c = 0; c < C; ++c)
          e += huber(sample_bilinear(tgt + c * W * H, q, W, H) - ref[c * W * H + i], huber_k);
      }
    }
  }
  for (int m = 16; m > 0; m >>= 1) e += __shfl_xor_sync(0xffffffffu, e, m);
  if ((threadIdx.x & 31) == 0) atomicAdd(energy, e);
}

float photometric_energy(const float* ref, const float* tgt, const float* inv_depth,
                         const float* pose, Pinhole K, int W, int H, float huber_k) {
  const int n = W * H;
  float *d_ref, *d_tgt, *d_id, *d_pose, *d_e;
  cudaMalloc(&d_ref, n * sizeof(float));
  cudaMalloc(&d_tgt, n * sizeof(float));
  cudaMalloc(&d_id, n * sizeof(float));
  cudaMalloc(&d_pose, 12 * sizeof(float));
  cudaMalloc(&d_e, sizeof(float));
  cudaMemcpy(d_ref, ref, n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_tgt, tgt, n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_id, inv_depth, n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_pose, pose, 12 * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemset(d_e, 0, sizeof(float));
  photometric_residual<1><<<(n + 63) / 64, 64>>>(d_ref, d_tgt, d_id, d_pose, K, W, H, huber_k, d_e);
  float e = 0.0f;
  cudaMemcpy(&e, d_e, sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(d_ref);
  cudaFree(d_tgt);
  cudaFree(d_id);
  cudaFree(d_pose);
  cudaFree(d_e);
  return e / n;
}
