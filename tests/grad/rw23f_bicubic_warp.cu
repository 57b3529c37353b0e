// cuad: --fn warp_affine_bicubic --wrt src,A,dst
// cuad: fwd --fn warp_affine_bicubic --wrt src,A,dst
// Affine image warping with Catmull-Rom bicubic interpolation and clamp-to-edge addressing:
// each output pixel maps back through a 2x3 matrix (a struct holding a float array, by
// value), splits the source coordinate into an integer cell and a fraction, builds the four
// cubic weights per axis in local arrays through a helper, and sums the 4x4 taps. Single
// precision, 2-D blocks. Gradients w.r.t. the source image and the matrix.
#include <cuda_runtime.h>

struct Affine2D {
  float m[6];  // x' = m0 x + m1 y + m2, y' = m3 x + m4 y + m5
};

__device__ __forceinline__ int clamp_to_edge(int v, int n) { return min(max(v, 0), n - 1); }

__device__ void catmull_rom(float t, float* w) {
  const float t2 = t * t, t3 = t2 * t;
  w[0] = 0.5f * (-t3 + 2.0f * t2 - t);
  w[1] = 0.5f * (3.0f * t3 - 5.0f * t2 + 2.0f);
  w[2] = 0.5f * (-3.0f * t3 + 4.0f * t2 + t);
  w[3] = 0.5f * (t3 - t2);
}

__device__ float fetch(const float* __restrict__ img, int x, int y, int W, int H) {
  return img[clamp_to_edge(y, H) * W + clamp_to_edge(x, W)];
}

__global__ void warp_affine_bicubic(const float* __restrict__ src, int W, int H, Affine2D A,
                                    float* __restrict__ dst, int OW, int OH) {
  const int ox = blockIdx.x * blockDim.x + threadIdx.x;
  const int oy = blockIdx.y * blockDim.y + threadIdx.y;
  if (ox >= OW || oy >= OH) return;
  const float sx = A.m[0] * ox + A.m[1] * oy + A.m[2];
  const float sy = A.m[3] * ox + A.m[4] * oy + A.m[5];
  const float fx = floorf(sx), fy = floorf(sy);
  const int ix = (int)fx, iy = (int)fy;
  float wx[4], wy[4];
  catmull_rom(sx - fx, wx);
  catmull_rom(sy - fy, wy);
  float acc = 0.0f;
  for (int j = 0; j < 4; ++j) {
    float row = 0.0f;
#pragma unroll
    for (int i = 0; i < 4; ++i) row += wx[i] * fetch(src, ix - 1 + i, iy - 1 + j, W, H);
    acc += wy[j] * row;
  }
  dst[oy * OW + ox] = acc;
}
