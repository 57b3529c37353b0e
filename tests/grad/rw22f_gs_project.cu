// cuad: --fn preprocess_gaussians --wrt means3D,scales,rotations,opacity_raw,cov3D,means2D,depths,conic_opacity
// cuad: --fn preprocess_gaussians --wrt viewmatrix,cov3D,means2D,depths,conic_opacity
// cuad: fwd --fn preprocess_gaussians --wrt means3D,scales,rotations,cov3D,means2D,depths,conic_opacity
// The per-Gaussian preprocessing pass of a 3-D Gaussian splatting rasterizer, single
// precision, in the shape the public descriptions of 3DGS give it: one thread per Gaussian;
// the view-space position from a column-major 4x4 view matrix; near-plane culling; the 3-D
// covariance Sigma = (S R)^T (S R) from a scale vector (times a scale modifier) and a
// normalised quaternion, stored as its 6 upper-triangle entries; the EWA projection
// J W Sigma W^T J^T with the perspective Jacobian J evaluated at the view-space mean clamped
// to 1.3x the field of view, a 0.3 px low-pass dilation; the conic (inverse 2-D covariance);
// the screen-space radius from the larger eigenvalue of the 2-D covariance; the tile
// rectangle it touches (Gaussians touching no tile are dropped); the pinhole projection of the
// mean to pixels; the sigmoid opacity packed with the conic into a float4. Culled Gaussians
// keep their radius 0 and leave the other outputs as they were.
#include <cuda_runtime.h>
#include <cstdint>

#define BLOCK_X 16
#define BLOCK_Y 16

struct PinholeCamera {
  float fx, fy, cx, cy;
  float tan_fovx, tan_fovy;
  int width, height;
};

__device__ __forceinline__ float3 transform_point_4x3(const float3& p, const float* __restrict__ m) {
  return make_float3(m[0] * p.x + m[4] * p.y + m[8] * p.z + m[12],
                     m[1] * p.x + m[5] * p.y + m[9] * p.z + m[13],
                     m[2] * p.x + m[6] * p.y + m[10] * p.z + m[14]);
}

__device__ __forceinline__ float sigmoid(float x) { return 1.0f / (1.0f + expf(-x)); }

__device__ void compute_cov3d(const float3 scale, float mod, const float4 rot, float* cov3D) {
  const float sx = mod * scale.x, sy = mod * scale.y, sz = mod * scale.z;
  const float inv = rsqrtf(rot.x * rot.x + rot.y * rot.y + rot.z * rot.z + rot.w * rot.w);
  const float r = rot.x * inv, x = rot.y * inv, y = rot.z * inv, z = rot.w * inv;
  const float R[3][3] = {{1.f - 2.f * (y * y + z * z), 2.f * (x * y - r * z), 2.f * (x * z + r * y)},
                         {2.f * (x * y + r * z), 1.f - 2.f * (x * x + z * z), 2.f * (y * z - r * x)},
                         {2.f * (x * z - r * y), 2.f * (y * z + r * x), 1.f - 2.f * (x * x + y * y)}};
  const float s[3] = {sx, sy, sz};
  float M[3][3];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) M[i][j] = s[i] * R[i][j];
  float Sigma[3][3];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      float acc = 0.0f;
      for (int k = 0; k < 3; ++k) acc += M[k][i] * M[k][j];
      Sigma[i][j] = acc;
    }
  cov3D[0] = Sigma[0][0];
  cov3D[1] = Sigma[0][1];
  cov3D[2] = Sigma[0][2];
  cov3D[3] = Sigma[1][1];
  cov3D[4] = Sigma[1][2];
  cov3D[5] = Sigma[2][2];
}

__device__ float3 compute_cov2d(const float3& mean, const PinholeCamera& cam, const float* cov3D,
                                const float* __restrict__ viewmatrix) {
  float3 t = transform_point_4x3(mean, viewmatrix);
  const float limx = 1.3f * cam.tan_fovx, limy = 1.3f * cam.tan_fovy;
  const float txtz = t.x / t.z, tytz = t.y / t.z;
  t.x = fminf(limx, fmaxf(-limx, txtz)) * t.z;
  t.y = fminf(limy, fmaxf(-limy, tytz)) * t.z;
  const float J[2][3] = {{cam.fx / t.z, 0.0f, -(cam.fx * t.x) / (t.z * t.z)},
                         {0.0f, cam.fy / t.z, -(cam.fy * t.y) / (t.z * t.z)}};
  float W[3][3];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) W[i][j] = viewmatrix[j * 4 + i];
  float T[2][3];
  for (int a = 0; a < 2; ++a)
    for (int b = 0; b < 3; ++b) T[a][b] = J[a][0] * W[0][b] + J[a][1] * W[1][b] + J[a][2] * W[2][b];
  const float V[3][3] = {{cov3D[0], cov3D[1], cov3D[2]},
                         {cov3D[1], cov3D[3], cov3D[4]},
                         {cov3D[2], cov3D[4], cov3D[5]}};
  float cov[2][2];
  for (int a = 0; a < 2; ++a)
    for (int b = 0; b < 2; ++b) {
      float acc = 0.0f;
      for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) acc += T[a][i] * V[i][j] * T[b][j];
      cov[a][b] = acc;
    }
  return make_float3(cov[0][0] + 0.3f, cov[0][1], cov[1][1] + 0.3f);
}

__device__ __forceinline__ void get_rect(const float2 p, int max_radius, uint2& rect_min,
                                         uint2& rect_max, dim3 grid) {
  rect_min = make_uint2(min(grid.x, max((int)0, (int)((p.x - max_radius) / BLOCK_X))),
                        min(grid.y, max((int)0, (int)((p.y - max_radius) / BLOCK_Y))));
  rect_max = make_uint2(min(grid.x, max((int)0, (int)((p.x + max_radius + BLOCK_X - 1) / BLOCK_X))),
                        min(grid.y, max((int)0, (int)((p.y + max_radius + BLOCK_Y - 1) / BLOCK_Y))));
}

__global__ void preprocess_gaussians(int P, const float3* __restrict__ means3D,
                                     const float3* __restrict__ scales, float scale_modifier,
                                     const float4* __restrict__ rotations,
                                     const float* __restrict__ opacity_raw,
                                     const float* __restrict__ viewmatrix, PinholeCamera cam,
                                     dim3 tile_grid, float* __restrict__ cov3D,
                                     float2* __restrict__ means2D, float* __restrict__ depths,
                                     float4* __restrict__ conic_opacity, int* __restrict__ radii,
                                     uint32_t* __restrict__ tiles_touched) {
  const int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx >= P) return;
  radii[idx] = 0;
  tiles_touched[idx] = 0;

  const float3 p_orig = means3D[idx];
  const float3 p_view = transform_point_4x3(p_orig, viewmatrix);
  if (p_view.z <= 0.2f) return;

  float* my_cov3D = cov3D + 6 * idx;
  compute_cov3d(scales[idx], scale_modifier, rotations[idx], my_cov3D);
  const float3 cov = compute_cov2d(p_orig, cam, my_cov3D, viewmatrix);

  const float det = cov.x * cov.z - cov.y * cov.y;
  if (det == 0.0f) return;
  const float det_inv = 1.0f / det;
  const float3 conic = make_float3(cov.z * det_inv, -cov.y * det_inv, cov.x * det_inv);

  const float mid = 0.5f * (cov.x + cov.z);
  const float lambda1 = mid + sqrtf(fmaxf(0.1f, mid * mid - det));
  const float lambda2 = mid - sqrtf(fmaxf(0.1f, mid * mid - det));
  const float my_radius = ceilf(3.0f * sqrtf(fmaxf(lambda1, lambda2)));
  const float2 point_image = make_float2(cam.fx * p_view.x / p_view.z + cam.cx,
                                         cam.fy * p_view.y / p_view.z + cam.cy);
  uint2 rect_min, rect_max;
  get_rect(point_image, (int)my_radius, rect_min, rect_max, tile_grid);
  if ((rect_max.x - rect_min.x) * (rect_max.y - rect_min.y) == 0) return;

  depths[idx] = p_view.z;
  radii[idx] = (int)my_radius;
  means2D[idx] = point_image;
  conic_opacity[idx] = make_float4(conic.x, conic.y, conic.z, sigmoid(opacity_raw[idx]));
  tiles_touched[idx] = (rect_max.y - rect_min.y) * (rect_max.x - rect_min.x);
}
