// cuad: --fn cam::project_points --wrt pts,camera,uv
// cuad: --fn cam::residual_sq --wrt c,p,obs,ru,rv
// cuad: fwd --fn cam::project_points --wrt pts,camera,uv
// A bundle-adjustment front end: a camera is a struct of structs (intrinsics, a pose holding
// a rotation struct with a fixed 3x3 array field and a translation, radial distortion
// coefficients in an array field, a near plane), with member functions that call member
// functions (Camera::project -> Pose::to_camera -> Mat3f::apply, and Vec3f::operator+=
// returning *this). project() returns a bool and writes the pixel through two reference
// out-parameters, returning early for points behind the near plane. Output 1 differentiates
// the projection kernel (float2 output, invalid points get a constant), output 2 a
// __device__ squared reprojection residual with its two residuals as reference outputs,
// output 3 is the projection kernel's pushforward.
#include <cuda_runtime.h>

namespace cam {

struct Vec3f {
  float x, y, z;
  __device__ Vec3f& operator+=(const Vec3f& o) {
    x += o.x;
    y += o.y;
    z += o.z;
    return *this;
  }
};

struct Mat3f {
  float r[3][3];
  __device__ Vec3f apply(const Vec3f& a) const {
    return Vec3f{r[0][0] * a.x + r[0][1] * a.y + r[0][2] * a.z, r[1][0] * a.x + r[1][1] * a.y + r[1][2] * a.z,
                 r[2][0] * a.x + r[2][1] * a.y + r[2][2] * a.z};
  }
};

struct Pose {
  Mat3f R;
  Vec3f t;
  __device__ Vec3f to_camera(const Vec3f& pw) const {
    Vec3f pc = R.apply(pw);
    pc += t;
    return pc;
  }
};

struct Intrinsics {
  float fx, fy, cx, cy;
};

struct Distortion {
  float k[3];  // radial k1, k2, k3
};

struct Camera {
  Intrinsics K;
  Pose pose;
  Distortion dist;
  float near_z;

  __device__ bool project(const Vec3f& pw, float& u, float& v) const {
    const Vec3f pc = pose.to_camera(pw);
    if (pc.z < near_z) return false;
    const float iz = 1.0f / pc.z;
    const float xn = pc.x * iz, yn = pc.y * iz;
    const float r2 = xn * xn + yn * yn;
    const float radial = 1.0f + r2 * (dist.k[0] + r2 * (dist.k[1] + r2 * dist.k[2]));
    u = K.fx * xn * radial + K.cx;
    v = K.fy * yn * radial + K.cy;
    return true;
  }
};

__global__ void project_points(const Vec3f* __restrict__ pts, Camera camera, float2* __restrict__ uv,
                               int* __restrict__ valid, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float u = 0.0f, v = 0.0f;
  const bool ok = camera.project(pts[i], u, v);
  uv[i] = ok ? make_float2(u, v) : make_float2(-1.0f, -1.0f);
  valid[i] = ok ? 1 : 0;
}

__device__ float residual_sq(const Camera& c, const Vec3f& p, float2 obs, float& ru, float& rv) {
  float u, v;
  if (!c.project(p, u, v)) {
    ru = 0.0f;
    rv = 0.0f;
    return 0.0f;
  }
  ru = u - obs.x;
  rv = v - obs.y;
  return ru * ru + rv * rv;
}

}  // namespace cam
