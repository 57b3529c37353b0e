// cuad: --fn skin_fk --wrt angles,bone_len,rest_axis,joint_pos
// cuad: fwd --fn skin_fk --wrt angles,bone_len,rest_axis,joint_pos
// Forward kinematics of a kinematic tree (a small hand/character skeleton) for a batch of
// poses, single precision, one thread per pose: a Quat class with member operators (Hamilton
// product, rotation of a vector), a static factory from axis-angle, a Pose struct (rotation +
// translation) composed with a member function, and a local array of world poses filled in
// topological order, each joint looking up its parent's pose through an int parent table
// (the root's parent is -1). The bones' lengths and rest axes are shared by all poses (their
// adjoints are reduced over threads); each joint's hinge axis is one of x/y/z by a table.
#include <cuda_runtime.h>

#define MAXJ 8

struct Vec3 {
  float x, y, z;
  __host__ __device__ Vec3 operator+(const Vec3& o) const { return Vec3{x + o.x, y + o.y, z + o.z}; }
  __host__ __device__ Vec3 operator*(float s) const { return Vec3{x * s, y * s, z * s}; }
};

__host__ __device__ inline Vec3 cross(const Vec3& a, const Vec3& b) {
  return Vec3{a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}

struct Quat {
  float w, x, y, z;
  __host__ __device__ static Quat from_axis_angle(int axis, float angle) {
    float s, c;
    sincosf(0.5f * angle, &s, &c);
    Quat q{c, 0.0f, 0.0f, 0.0f};
    if (axis == 0) q.x = s;
    else if (axis == 1) q.y = s;
    else q.z = s;
    return q;
  }
  __host__ __device__ Quat operator*(const Quat& b) const {
    return Quat{w * b.w - x * b.x - y * b.y - z * b.z, w * b.x + x * b.w + y * b.z - z * b.y,
                w * b.y - x * b.z + y * b.w + z * b.x, w * b.z + x * b.y - y * b.x + z * b.w};
  }
  // v' = v + 2 w (u x v) + 2 u x (u x v) for a unit quaternion (w, u)
  __host__ __device__ Vec3 rotate(const Vec3& v) const {
    const Vec3 u{x, y, z};
    const Vec3 t = cross(u, v) * 2.0f;
    return v + t * w + cross(u, t);
  }
};

struct Pose {
  Quat q;
  Vec3 p;
  __host__ __device__ Pose then(const Quat& local_rot, const Vec3& offset) const {
    Pose out;
    out.p = p + q.rotate(offset);
    out.q = q * local_rot;
    return out;
  }
};

__global__ void skin_fk(const float* __restrict__ angles, const int* __restrict__ parent,
                        const int* __restrict__ hinge, const float* __restrict__ bone_len,
                        const float3* __restrict__ rest_axis, int n_joints, int n_poses,
                        float3 root_pos, float* __restrict__ joint_pos) {
  const int b = blockIdx.x * blockDim.x + threadIdx.x;
  if (b >= n_poses) return;
  Pose world[MAXJ];
  for (int j = 0; j < n_joints; ++j) {
    const Quat local = Quat::from_axis_angle(hinge[j], angles[b * n_joints + j]);
    const int pj = parent[j];
    if (pj < 0) {
      world[j].q = local;
      world[j].p = Vec3{root_pos.x, root_pos.y, root_pos.z};
    } else {
      const float3 a = rest_axis[j];
      const float L = bone_len[j];
      world[j] = world[pj].then(local, Vec3{a.x * L, a.y * L, a.z * L});
    }
    float* out = joint_pos + 3 * (b * n_joints + j);
    out[0] = world[j].p.x;
    out[1] = world[j].p.y;
    out[2] = world[j].p.z;
  }
}
