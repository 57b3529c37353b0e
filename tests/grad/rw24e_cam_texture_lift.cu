// cuad: --fn lift_features<4> --wrt pts,cam,feat,out
// cuad: fwd --fn lift_features<4> --wrt pts,cam,feat,out
// Lifting image features onto 3-D points (as in multi-view feature fusion / neural point
// rendering), single precision: a camera struct holding an intrinsics struct (focal lengths,
// principal point, two radial distortion coefficients) and a world-to-camera pose (row-major
// 3x3 rotation array, translation), passed by value. Each point is transformed, projected
// with distortion, and a C-channel feature map (HWC layout, a template parameter) is sampled
// bilinearly with floorf, the four integer taps clamped to the image (border replication) by
// a small helper; the lifted feature is scaled by a visibility weight that fades with depth.
#include <cuda_runtime.h>

struct Intrinsics {
  float fx, fy, cx, cy;
  float k1, k2;
};

struct CameraRig {
  Intrinsics K;
  float R[9];
  float t[3];
  int width, height;
};

__device__ __forceinline__ int clampi(int v, int lo, int hi) { return min(max(v, lo), hi); }

template <int C>
__device__ void bilinear_hwc(const float* __restrict__ img, int W, int H, float u, float v, float* __restrict__ out) {
  const float x = u - 0.5f, y = v - 0.5f;  // pixel centers at +0.5
  const float x0f = floorf(x), y0f = floorf(y);
  const float ax = x - x0f, ay = y - y0f;
  const int x0 = clampi((int)x0f, 0, W - 1), x1 = clampi((int)x0f + 1, 0, W - 1);
  const int y0 = clampi((int)y0f, 0, H - 1), y1 = clampi((int)y0f + 1, 0, H - 1);
  const float w00 = (1.0f - ax) * (1.0f - ay), w01 = ax * (1.0f - ay);
  const float w10 = (1.0f - ax) * ay, w11 = ax * ay;
#pragma unroll
  for (int c = 0; c < C; ++c) {
    out[c] = w00 * img[(y0 * W + x0) * C + c] + w01 * img[(y0 * W + x1) * C + c] +
             w10 * img[(y1 * W + x0) * C + c] + w11 * img[(y1 * W + x1) * C + c];
  }
}

__device__ float2 project(const CameraRig& cam, float3 pw, float* depth) {
  const float xc = cam.R[0] * pw.x + cam.R[1] * pw.y + cam.R[2] * pw.z + cam.t[0];
  const float yc = cam.R[3] * pw.x + cam.R[4] * pw.y + cam.R[5] * pw.z + cam.t[1];
  const float zc = cam.R[6] * pw.x + cam.R[7] * pw.y + cam.R[8] * pw.z + cam.t[2];
  *depth = zc;
  const float xn = xc / zc, yn = yc / zc;
  const float r2 = xn * xn + yn * yn;
  const float radial = 1.0f + r2 * (cam.K.k1 + r2 * cam.K.k2);
  return make_float2(cam.K.fx * xn * radial + cam.K.cx, cam.K.fy * yn * radial + cam.K.cy);
}

template <int C>
__global__ void lift_features(const float3* __restrict__ pts, int n, CameraRig cam, const float* __restrict__ feat,
                              float depth_scale, float* __restrict__ out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float z;
  const float2 uv = project(cam, pts[i], &z);
  float f[C];
  bilinear_hwc<C>(feat, cam.width, cam.height, uv.x, uv.y, f);
  const float vis = expf(-z / depth_scale);
  for (int c = 0; c < C; ++c) out[i * C + c] = vis * f[c];
}

template __global__ void lift_features<4>(const float3*, int, CameraRig, const float*, float, float*);
