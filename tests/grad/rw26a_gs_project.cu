// cuad: --fn preprocess<double> --wrt means,log_scales,quats,opac_logit,cam,splats
// cuad: --fn project_cov<double> --wrt cov,pc,cam,cov2d
// cuad: fwd --fn preprocess<double> --wrt means,log_scales,quats,opac_logit,splats
// The preprocess step of 3-D Gaussian splatting, written against a small templated linear
// algebra header: Vec3<T> with operators, Mat3<T> as a struct with a fixed T m[3][3] field,
// element access through a member operator()(r, c), matmul/transpose returning structs by
// value, a quaternion-to-rotation helper that normalises the quaternion, the 3-D covariance
// R S S^T R^T from log-scales, the view transform and the EWA projection with the clamped
// Jacobian of the pinhole model (3DGS's limx/limy clamp on x/z), a +0.3 px low-pass dilation,
// the 2-D conic (inverse covariance), a screen-space radius from the larger eigenvalue
// (integer output) and the sigmoid opacity. Gaussians behind the near plane are culled
// (radius 0, splat zeroed). One output struct per Gaussian.
#include <cuda_runtime.h>

template <typename T>
struct Vec3 {
  T x, y, z;
};

template <typename T>
__host__ __device__ inline Vec3<T> operator+(const Vec3<T>& a, const Vec3<T>& b) {
  return Vec3<T>{a.x + b.x, a.y + b.y, a.z + b.z};
}
template <typename T>
__host__ __device__ inline Vec3<T> operator*(T s, const Vec3<T>& a) {
  return Vec3<T>{s * a.x, s * a.y, s * a.z};
}

template <typename T>
struct Mat3 {
  T m[3][3];
  __host__ __device__ T& operator()(int r, int c) { return m[r][c]; }
  __host__ __device__ T operator()(int r, int c) const { return m[r][c]; }
};

template <typename T>
__device__ Mat3<T> matmul(const Mat3<T>& a, const Mat3<T>& b) {
  Mat3<T> c;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      T s = T(0);
      for (int k = 0; k < 3; ++k) s += a(i, k) * b(k, j);
      c(i, j) = s;
    }
  return c;
}

template <typename T>
__device__ Mat3<T> transpose(const Mat3<T>& a) {
  Mat3<T> t;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) t.m[i][j] = a.m[j][i];
  return t;
}

template <typename T>
__device__ Vec3<T> apply(const Mat3<T>& a, const Vec3<T>& v) {
  return Vec3<T>{a(0, 0) * v.x + a(0, 1) * v.y + a(0, 2) * v.z, a(1, 0) * v.x + a(1, 1) * v.y + a(1, 2) * v.z,
                 a(2, 0) * v.x + a(2, 1) * v.y + a(2, 2) * v.z};
}

template <typename T>
__device__ Mat3<T> quat_to_rot(const T* q) {
  const T inv = T(1) / sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
  const T w = q[0] * inv, x = q[1] * inv, y = q[2] * inv, z = q[3] * inv;
  Mat3<T> R;
  R(0, 0) = 1 - 2 * (y * y + z * z);
  R(0, 1) = 2 * (x * y - w * z);
  R(0, 2) = 2 * (x * z + w * y);
  R(1, 0) = 2 * (x * y + w * z);
  R(1, 1) = 1 - 2 * (x * x + z * z);
  R(1, 2) = 2 * (y * z - w * x);
  R(2, 0) = 2 * (x * z - w * y);
  R(2, 1) = 2 * (y * z + w * x);
  R(2, 2) = 1 - 2 * (x * x + y * y);
  return R;
}

template <typename T>
struct Camera {
  Mat3<T> W;  // world-to-camera rotation
  Vec3<T> t;
  T fx, fy, cx, cy;
  T tan_fovx, tan_fovy;
  T znear;
};

template <typename T>
struct Splat {
  T mean2d[2];
  T conic[3];
  T depth;
  T opacity;
};

// The 2-D covariance of a camera-space Gaussian: J W Sigma W^T J^T, the upper triangle.
template <typename T>
__device__ void project_cov(const Mat3<T>& cov, const Vec3<T>& pc, const Camera<T>& cam, T* cov2d) {
  const T limx = T(1.3) * cam.tan_fovx, limy = T(1.3) * cam.tan_fovy;
  const T txtz = fmin(limx, fmax(-limx, pc.x / pc.z));
  const T tytz = fmin(limy, fmax(-limy, pc.y / pc.z));
  const T tx = txtz * pc.z, ty = tytz * pc.z;
  Mat3<T> J;
  J(0, 0) = cam.fx / pc.z;
  J(0, 1) = T(0);
  J(0, 2) = -cam.fx * tx / (pc.z * pc.z);
  J(1, 0) = T(0);
  J(1, 1) = cam.fy / pc.z;
  J(1, 2) = -cam.fy * ty / (pc.z * pc.z);
  J(2, 0) = T(0);
  J(2, 1) = T(0);
  J(2, 2) = T(0);
  const Mat3<T> M = matmul(J, cam.W);
  const Mat3<T> C = matmul(matmul(M, cov), transpose(M));
  cov2d[0] = C(0, 0) + T(0.3);
  cov2d[1] = C(0, 1);
  cov2d[2] = C(1, 1) + T(0.3);
}

template <typename T>
__global__ void preprocess(int n, const Vec3<T>* __restrict__ means, const Vec3<T>* __restrict__ log_scales,
                           const T* __restrict__ quats, const T* __restrict__ opac_logit, Camera<T> cam,
                           Splat<T>* __restrict__ splats, int* __restrict__ radii) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const Vec3<T> pc = apply(cam.W, means[i]) + cam.t;
  Splat<T> s;
  if (pc.z < cam.znear) {
    for (int k = 0; k < 2; ++k) s.mean2d[k] = T(0);
    for (int k = 0; k < 3; ++k) s.conic[k] = T(0);
    s.depth = T(0);
    s.opacity = T(0);
    splats[i] = s;
    radii[i] = 0;
    return;
  }
  const Mat3<T> R = quat_to_rot(quats + 4 * i);
  Mat3<T> RS;
  const Vec3<T> ls = log_scales[i];
  const T sc[3] = {exp(ls.x), exp(ls.y), exp(ls.z)};
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) RS(r, c) = R(r, c) * sc[c];
  const Mat3<T> cov = matmul(RS, transpose(RS));
  T c2[3];
  project_cov(cov, pc, cam, c2);
  const T det = c2[0] * c2[2] - c2[1] * c2[1];
  const T inv_det = T(1) / det;
  s.conic[0] = c2[2] * inv_det;
  s.conic[1] = -c2[1] * inv_det;
  s.conic[2] = c2[0] * inv_det;
  const T mid = T(0.5) * (c2[0] + c2[2]);
  const T lambda1 = mid + sqrt(fmax(T(0.1), mid * mid - det));
  radii[i] = (int)ceil(T(3) * sqrt(lambda1));
  const T iz = T(1) / pc.z;
  s.mean2d[0] = cam.fx * pc.x * iz + cam.cx;
  s.mean2d[1] = cam.fy * pc.y * iz + cam.cy;
  s.depth = pc.z;
  s.opacity = T(1) / (T(1) + exp(-opac_logit[i]));
  splats[i] = s;
}

template __global__ void preprocess<double>(int, const Vec3<double>*, const Vec3<double>*, const double*,
                                            const double*, Camera<double>, Splat<double>*, int*);
