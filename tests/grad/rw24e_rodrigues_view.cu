// cuad: --fn reproject_residuals --wrt rvec,tvec,pts,res
// Reprojection residuals of a bundle-adjustment step (single precision, one thread per
// observation): each camera's rotation is an axis-angle vector turned into a 3x3 matrix with
// Rodrigues' formula, written through a small row-major matrix view struct (a pointer to a
// local float[9] with an operator() returning a reference, the style of Eigen::Map-like
// helpers), then the world point is rotated, translated and projected with shared pinhole
// intrinsics; the residual against the observed pixel is written out.
#include <cuda_runtime.h>

struct Mat3Ref {
  float* m;
  __device__ float& operator()(int r, int c) { return m[3 * r + c]; }
  __device__ float operator()(int r, int c) const { return m[3 * r + c]; }
};

__device__ void rodrigues(const float* w, Mat3Ref R) {
  const float th2 = w[0] * w[0] + w[1] * w[1] + w[2] * w[2];
  const float th = sqrtf(th2);
  const float kx = w[0] / th, ky = w[1] / th, kz = w[2] / th;
  const float s = sinf(th), c = cosf(th), v = 1.0f - c;
  R(0, 0) = c + kx * kx * v;
  R(0, 1) = kx * ky * v - kz * s;
  R(0, 2) = kx * kz * v + ky * s;
  R(1, 0) = ky * kx * v + kz * s;
  R(1, 1) = c + ky * ky * v;
  R(1, 2) = ky * kz * v - kx * s;
  R(2, 0) = kz * kx * v - ky * s;
  R(2, 1) = kz * ky * v + kx * s;
  R(2, 2) = c + kz * kz * v;
}

__global__ void reproject_residuals(const float* __restrict__ rvec, const float* __restrict__ tvec,
                                    const float* __restrict__ pts, const int* __restrict__ cam_idx,
                                    const int* __restrict__ pt_idx, const float2* __restrict__ obs, int n_obs,
                                    float4 K, float2* __restrict__ res) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n_obs) return;
  const int c = cam_idx[i], p = pt_idx[i];
  float storage[9];
  Mat3Ref R{storage};
  rodrigues(rvec + 3 * c, R);
  const float X = pts[3 * p], Y = pts[3 * p + 1], Z = pts[3 * p + 2];
  const float xc = R(0, 0) * X + R(0, 1) * Y + R(0, 2) * Z + tvec[3 * c];
  const float yc = R(1, 0) * X + R(1, 1) * Y + R(1, 2) * Z + tvec[3 * c + 1];
  const float zc = R(2, 0) * X + R(2, 1) * Y + R(2, 2) * Z + tvec[3 * c + 2];
  const float u = K.x * xc / zc + K.z, v = K.y * yc / zc + K.w;
  res[i] = make_float2(u - obs[i].x, v - obs[i].y);
}
