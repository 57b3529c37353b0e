// cuad: --fn project_fisheye --wrt pts,cam,uv,vig
// cuad: fwd --fn project_fisheye --wrt pts,cam,uv,vig
// cuad: --fn splat_pixels --wrt uv,radius,opacity,color,img
// Fisheye (Kannala-Brandt) projection and point splatting, float, written with the math
// intrinsics camera code uses: hypotf and atan2f for the incidence angle, the distortion
// polynomial theta (1 + k1 t^2 + k2 t^4 + k3 t^6 + k4 t^8) summed with a range-for over the
// camera's coefficient array and finished with fmaf, a cos^4 vignetting falloff clamped with
// __saturatef. The camera is taken by value and rescaled to a mip level by a helper that
// overwrites its by-value copy (fx *= s, ...) and returns it. The splatting kernel blends the
// projected points in order at each pixel through a lambda that updates the captured color
// and transmittance (C += T a c; T *= 1 - a), then adds a background.
#include <cuda_runtime.h>

struct FisheyeCam {
  float fx, fy, cx, cy;
  float k[4];
  float R[9];
  float t[3];
};

__device__ FisheyeCam at_level(FisheyeCam c, float s) {
  c.fx *= s;
  c.fy *= s;
  c.cx = (c.cx + 0.5f) * s - 0.5f;
  c.cy = (c.cy + 0.5f) * s - 0.5f;
  return c;
}

__device__ float distort_theta(const FisheyeCam& c, float th) {
  const float th2 = th * th;
  float poly = 0.0f, p = th2;
  for (const float kk : c.k) {
    poly += kk * p;
    p *= th2;
  }
  return fmaf(th, poly, th);
}

__global__ void project_fisheye(const float3* __restrict__ pts, int n, FisheyeCam cam, float level_scale,
                                float2* __restrict__ uv, float* __restrict__ vig) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const FisheyeCam c = at_level(cam, level_scale);
  const float3 p = pts[i];
  const float x = c.R[0] * p.x + c.R[1] * p.y + c.R[2] * p.z + c.t[0];
  const float y = c.R[3] * p.x + c.R[4] * p.y + c.R[5] * p.z + c.t[1];
  const float z = c.R[6] * p.x + c.R[7] * p.y + c.R[8] * p.z + c.t[2];
  const float r = hypotf(x, y);
  const float th = atan2f(r, z);
  const float thd = distort_theta(c, th);
  const float s = thd / r;
  uv[i] = make_float2(fmaf(c.fx * s, x, c.cx), fmaf(c.fy * s, y, c.cy));
  const float ct = cosf(th);
  vig[i] = __saturatef(1.1f * ct * ct * ct * ct);
}

__global__ void splat_pixels(const float2* __restrict__ uv, const float* __restrict__ radius,
                             const float* __restrict__ opacity, const float3* __restrict__ color, int n, int W, int H,
                             float3* __restrict__ img) {
  const int px = blockIdx.x * blockDim.x + threadIdx.x, py = blockIdx.y * blockDim.y + threadIdx.y;
  if (px >= W || py >= H) return;
  float3 C = make_float3(0.0f, 0.0f, 0.0f);
  float T = 1.0f;
  auto blend = [&](float a, float3 c) {
    C.x += T * a * c.x;
    C.y += T * a * c.y;
    C.z += T * a * c.z;
    T *= 1.0f - a;
  };
  for (int g = 0; g < n; ++g) {
    const float dx = px + 0.5f - uv[g].x, dy = py + 0.5f - uv[g].y;
    const float inv_r2 = 1.0f / (radius[g] * radius[g]);
    blend(opacity[g] * __expf(-0.5f * (dx * dx + dy * dy) * inv_r2), color[g]);
  }
  img[py * W + px] = make_float3(C.x + T * 0.2f, C.y + T * 0.3f, C.z + T * 0.4f);
}
