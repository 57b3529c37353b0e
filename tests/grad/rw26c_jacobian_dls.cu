// cuad: --fn ik_dls_iterate<4> --wrt joint_axes,link_len,targets,q
// cuad: fwd --fn ik_dls_iterate<4> --wrt joint_axes,link_len,targets,q
// Damped-least-squares inverse kinematics for a batch of arms, one thread per environment:
// the arm description (unit joint axes in the local frame and link lengths) is staged once
// per block into __shared__ memory by the first threads; an Arm<NJ> struct template holds
// a pointer to it and has a member function that computes world joint positions and axes
// (rotations by Rodrigues' formula composed as 3x3 matrices in a small Mat3 class with
// operator() and operator*). The geometric Jacobian's columns are cross products
// z_i x (p_ee - p_i); the update solves (J J^T + lambda^2 I) y = e with Cramer's rule and
// takes dq = J^T y. The number of iterations is per environment, with an early exit once
// the error is small; q is updated in place.
#include <cuda_runtime.h>

struct Vec3 {
  double x, y, z;
  __device__ Vec3& operator+=(const Vec3& o) {
    x += o.x;
    y += o.y;
    z += o.z;
    return *this;
  }
};
__device__ inline Vec3 operator-(const Vec3& a, const Vec3& b) { return Vec3{a.x - b.x, a.y - b.y, a.z - b.z}; }
__device__ inline Vec3 operator*(double s, const Vec3& a) { return Vec3{s * a.x, s * a.y, s * a.z}; }
__device__ inline double dot(const Vec3& a, const Vec3& b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
__device__ inline Vec3 cross(const Vec3& a, const Vec3& b) {
  return Vec3{a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}

class Mat3 {
 public:
  double v[9];
  __device__ double& operator()(int r, int c) { return v[3 * r + c]; }
  __device__ double operator()(int r, int c) const { return v[3 * r + c]; }
  __device__ Vec3 operator*(const Vec3& a) const {
    return Vec3{v[0] * a.x + v[1] * a.y + v[2] * a.z, v[3] * a.x + v[4] * a.y + v[5] * a.z,
                v[6] * a.x + v[7] * a.y + v[8] * a.z};
  }
  __device__ Mat3 operator*(const Mat3& b) const {
    Mat3 r;
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) r(i, j) = (*this)(i, 0) * b(0, j) + (*this)(i, 1) * b(1, j) + (*this)(i, 2) * b(2, j);
    return r;
  }
  __device__ static Mat3 rodrigues(const Vec3& k, double th) {
    const double c = cos(th), s = sin(th), t = 1.0 - c;
    Mat3 R;
    R(0, 0) = c + k.x * k.x * t;       R(0, 1) = k.x * k.y * t - k.z * s; R(0, 2) = k.x * k.z * t + k.y * s;
    R(1, 0) = k.y * k.x * t + k.z * s; R(1, 1) = c + k.y * k.y * t;       R(1, 2) = k.y * k.z * t - k.x * s;
    R(2, 0) = k.z * k.x * t - k.y * s; R(2, 1) = k.z * k.y * t + k.x * s; R(2, 2) = c + k.z * k.z * t;
    return R;
  }
};

template <int NJ>
struct Arm {
  const double* desc;  // [NJ][4]: axis xyz, link length (shared memory)
  __device__ Vec3 axis(int i) const { return Vec3{desc[4 * i], desc[4 * i + 1], desc[4 * i + 2]}; }
  __device__ double length(int i) const { return desc[4 * i + 3]; }

  // World joint positions p[0..NJ] (p[NJ] is the end effector) and world joint axes z[0..NJ-1].
  __device__ void kinematics(const double* q, Vec3 p[NJ + 1], Vec3 z[NJ]) const {
    Mat3 R;
    for (int k = 0; k < 9; ++k) R.v[k] = (k % 4 == 0) ? 1.0 : 0.0;
    p[0] = Vec3{0.0, 0.0, 0.0};
    for (int i = 0; i < NJ; ++i) {
      const Vec3 a = axis(i);
      z[i] = R * a;
      R = R * Mat3::rodrigues(a, q[i]);
      p[i + 1] = p[i];
      p[i + 1] += length(i) * (R * Vec3{1.0, 0.0, 0.0});
    }
  }
};

template <int NJ>
__global__ void ik_dls_iterate(int n_env, const double* __restrict__ joint_axes, const double* __restrict__ link_len,
                               const double* __restrict__ targets, const int* __restrict__ iters, double lambda,
                               double tol, double* q) {
  __shared__ double s_desc[4 * NJ];
  const int tid = threadIdx.x;
  if (tid < NJ) {
    for (int c = 0; c < 3; ++c) s_desc[4 * tid + c] = joint_axes[3 * tid + c];
    s_desc[4 * tid + 3] = link_len[tid];
  }
  __syncthreads();
  const int e = blockIdx.x * blockDim.x + tid;
  if (e >= n_env) return;
  Arm<NJ> arm{s_desc};
  double qe[NJ];
  for (int i = 0; i < NJ; ++i) qe[i] = q[e * NJ + i];
  const Vec3 goal{targets[3 * e], targets[3 * e + 1], targets[3 * e + 2]};
  const int n_it = iters[e];
  for (int it = 0; it < n_it; ++it) {
    Vec3 p[NJ + 1], z[NJ], J[NJ];
    arm.kinematics(qe, p, z);
    const Vec3 err = goal - p[NJ];
    if (dot(err, err) < tol * tol) break;
    for (int i = 0; i < NJ; ++i) J[i] = cross(z[i], p[NJ] - p[i]);
    Mat3 A;
    for (int r = 0; r < 3; ++r)
      for (int c = 0; c < 3; ++c) {
        double s = (r == c) ? lambda * lambda : 0.0;
        for (int i = 0; i < NJ; ++i) {
          const double jr = r == 0 ? J[i].x : (r == 1 ? J[i].y : J[i].z);
          const double jc = c == 0 ? J[i].x : (c == 1 ? J[i].y : J[i].z);
          s += jr * jc;
        }
        A(r, c) = s;
      }
    const Vec3 c0{A(0, 0), A(1, 0), A(2, 0)}, c1{A(0, 1), A(1, 1), A(2, 1)}, c2{A(0, 2), A(1, 2), A(2, 2)};
    const double det = dot(c0, cross(c1, c2));
    const Vec3 y{dot(err, cross(c1, c2)) / det, dot(c0, cross(err, c2)) / det, dot(c0, cross(c1, err)) / det};
    for (int i = 0; i < NJ; ++i) qe[i] += dot(J[i], y);
  }
  for (int i = 0; i < NJ; ++i) q[e * NJ + i] = qe[i];
}
