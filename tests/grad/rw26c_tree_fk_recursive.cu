// cuad: --fn tree_fk_kernel --wrt q,bone,link_pos
// cuad: fwd --fn tree_fk_kernel --wrt q,bone,link_pos
// Forward kinematics of a branched kinematic tree (a humanoid hand: palm + fingers) by
// recursive traversal, as URDF-walking code does it: links are stored as a first-child /
// next-sibling tree; a recursive __device__ function takes its parent's world frame (a Frame
// struct: planar-in-3D rotation as yaw + pitch angles and a position), composes the joint
// rotation, writes the link's world position into the output, and recurses into each child.
// One thread per environment (hand pose); bone vectors are shared by all environments.
#include <cuda_runtime.h>

#define NL 10

struct Frame {
  double yaw, pitch;
  double p[3];
};

__device__ void visit(const int* __restrict__ first_child, const int* __restrict__ next_sibling,
                      const int* __restrict__ axis, const double* __restrict__ q, const double* __restrict__ bone,
                      int i, Frame parent, double* __restrict__ out) {
  Frame f = parent;
  if (axis[i] == 0)
    f.yaw += q[i];
  else
    f.pitch += q[i];
  const double cy = cos(f.yaw), sy = sin(f.yaw), cp = cos(f.pitch), sp = sin(f.pitch);
  const double bx = bone[3 * i], by = bone[3 * i + 1], bz = bone[3 * i + 2];
  // R = Rz(yaw) * Ry(pitch) applied to the bone vector
  const double rx = cp * bx + sp * bz, rz = -sp * bx + cp * bz;
  f.p[0] += cy * rx - sy * by;
  f.p[1] += sy * rx + cy * by;
  f.p[2] += rz;
  out[3 * i] = f.p[0];
  out[3 * i + 1] = f.p[1];
  out[3 * i + 2] = f.p[2];
  for (int c = first_child[i]; c >= 0; c = next_sibling[c]) visit(first_child, next_sibling, axis, q, bone, c, f, out);
}

__global__ void tree_fk_kernel(int n_env, const int* __restrict__ first_child, const int* __restrict__ next_sibling,
                               const int* __restrict__ axis, const double* __restrict__ q,
                               const double* __restrict__ bone, double* __restrict__ link_pos) {
  const int e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= n_env) return;
  const Frame root{0.0, 0.0, {0.0, 0.0, 0.0}};
  visit(first_child, next_sibling, axis, q + e * NL, bone, 0, root, link_pos + 3 * NL * e);
}
