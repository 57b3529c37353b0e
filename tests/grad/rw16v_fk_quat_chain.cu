// cuad: --fn fk_chain<6> --wrt angles,offsets,joints,orient_err
// cuad: fwd --fn fk_chain<6> --wrt angles,offsets,joints,orient_err
// Forward kinematics of a serial robot arm for a batch of poses (one thread per pose, a
// grid-stride loop), the way differentiable robotics / motion-capture fitting codes write it:
// a Quat and a Vec3 struct with small __device__ helpers (Hamilton product, rotation of a
// vector by a unit quaternion through two cross products), joint rotations built from
// axis-angle with sincos, the joint axis chosen per joint through a __constant__ table and an
// int index array, a template on the number of joints with #pragma unroll over the chain,
// link offsets shared by every pose (their adjoint is reduced over threads), the world
// position of every joint written out, and the tool frame's orientation error against a
// target quaternion added as an extra output (1 - <q, q_target>^2).
#include <cuda_runtime.h>

struct Vec3 {
  double x, y, z;
};

struct Quat {
  double w, x, y, z;
};

__constant__ Vec3 c_axes[3] = {{1.0, 0.0, 0.0}, {0.0, 1.0, 0.0}, {0.0, 0.0, 1.0}};

__device__ __forceinline__ Vec3 cross(const Vec3& a, const Vec3& b) {
  return Vec3{a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}

__device__ __forceinline__ Quat qmul(const Quat& a, const Quat& b) {
  Quat r;
  r.w = a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z;
  r.x = a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y;
  r.y = a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x;
  r.z = a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w;
  return r;
}

// v' = v + 2 w (u x v) + 2 u x (u x v), u = (x, y, z)
__device__ __forceinline__ Vec3 qrotate(const Quat& q, const Vec3& v) {
  const Vec3 u{q.x, q.y, q.z};
  const Vec3 t = cross(u, v);
  const Vec3 tt = cross(u, t);
  return Vec3{v.x + 2.0 * (q.w * t.x + tt.x), v.y + 2.0 * (q.w * t.y + tt.y),
              v.z + 2.0 * (q.w * t.z + tt.z)};
}

__device__ __forceinline__ Quat axis_angle(const Vec3& axis, double angle) {
  double s, c;
  sincos(0.5 * angle, &s, &c);
  return Quat{c, s * axis.x, s * axis.y, s * axis.z};
}

template <int NJ>
__global__ void fk_chain(const double* __restrict__ angles, const Vec3* __restrict__ offsets,
                         const int* __restrict__ axis_of, Quat target, int n_poses,
                         Vec3* __restrict__ joints, double* __restrict__ orient_err) {
  for (int p = blockIdx.x * blockDim.x + threadIdx.x; p < n_poses; p += blockDim.x * gridDim.x) {
    const double* th = angles + p * NJ;
    Vec3* out = joints + p * (NJ + 1);
    Quat q{1.0, 0.0, 0.0, 0.0};
    Vec3 pos{0.0, 0.0, 0.0};
    out[0] = pos;
#pragma unroll
    for (int j = 0; j < NJ; ++j) {
      q = qmul(q, axis_angle(c_axes[axis_of[j]], th[j]));
      const Vec3 d = qrotate(q, offsets[j]);
      pos.x += d.x;
      pos.y += d.y;
      pos.z += d.z;
      out[j + 1] = pos;
    }
    const double dot = q.w * target.w + q.x * target.x + q.y * target.y + q.z * target.z;
    orient_err[p] = 1.0 - dot * dot;
  }
}

template __global__ void fk_chain<6>(const double*, const Vec3*, const int*, Quat, int, Vec3*,
                                     double*);
