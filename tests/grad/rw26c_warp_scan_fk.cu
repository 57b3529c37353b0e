// cuad: --fn snake_fk_scan --wrt q,link_len,link_mass,targets,link_pos,energy
// cuad: fwd --fn snake_fk_scan --wrt q,link_len,link_mass,link_pos,energy
// Parallel forward kinematics of long serial (snake / tentacle) robots: one warp per robot,
// one lane per joint. Each lane builds its joint's local rigid transform (a 3x4 Affine struct
// with a fixed array; the joint type from an int table selects a yaw or pitch revolute joint
// or a prismatic joint along x, through a switch), then the world transforms are an inclusive
// prefix product over the lanes: a Hillis-Steele scan with __shfl_up_sync of the twelve
// entries, combining prev * mine. Each lane writes its link's world position; the potential
// energy of the links plus a tip-to-target penalty is summed with a __shfl_xor_sync butterfly
// and written by lane 0.
#include <cuda_runtime.h>

#define NJ 32
#define JOINT_YAW 0
#define JOINT_PITCH 1
#define JOINT_SLIDE 2

struct Affine {
  double m[12];  // row-major 3x4: rotation | translation
  __device__ Affine compose(const Affine& b) const {
    Affine r;
    for (int i = 0; i < 3; ++i) {
      for (int j = 0; j < 4; ++j) {
        double s = (j == 3) ? m[4 * i + 3] : 0.0;
        for (int k = 0; k < 3; ++k) s += m[4 * i + k] * b.m[4 * k + j];
        r.m[4 * i + j] = s;
      }
    }
    return r;
  }
};

__device__ Affine shfl_up(const Affine& a, int off) {
  Affine r;
  for (int k = 0; k < 12; ++k) r.m[k] = __shfl_up_sync(0xffffffffu, a.m[k], off);
  return r;
}

__device__ double warp_allreduce(double v) {
  for (int mask = 16; mask > 0; mask >>= 1) v += __shfl_xor_sync(0xffffffffu, v, mask);
  return v;
}

__device__ Affine joint_transform(int type, double q, double len) {
  Affine T;
  for (int k = 0; k < 12; ++k) T.m[k] = (k % 5 == 0) ? 1.0 : 0.0;
  const double c = cos(q), s = sin(q);
  switch (type) {
    case JOINT_YAW:
      T.m[0] = c; T.m[1] = -s; T.m[4] = s; T.m[5] = c;
      T.m[3] = len;
      break;
    case JOINT_PITCH:
      T.m[0] = c; T.m[2] = s; T.m[8] = -s; T.m[10] = c;
      T.m[3] = len;
      break;
    default:  // prismatic: the joint value extends the link
      T.m[3] = len + 0.1 * q;
      break;
  }
  return T;
}

__global__ void snake_fk_scan(int n_robots, const double* __restrict__ q, const int* __restrict__ joint_type,
                              const double* __restrict__ link_len, const double* __restrict__ link_mass,
                              const double* __restrict__ targets, double gravity, double* __restrict__ link_pos,
                              double* __restrict__ energy) {
  const int lane = threadIdx.x & 31;
  const int robot = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  if (robot >= n_robots) return;  // whole warps leave together
  const int j = lane;
  Affine T = joint_transform(joint_type[j], q[robot * NJ + j], link_len[j]);
  for (int off = 1; off < 32; off <<= 1) {
    const Affine prev = shfl_up(T, off);
    if (lane >= off) T = prev.compose(T);
  }
  const double px = T.m[3], py = T.m[7], pz = T.m[11];
  link_pos[3 * (robot * NJ + j)] = px;
  link_pos[3 * (robot * NJ + j) + 1] = py;
  link_pos[3 * (robot * NJ + j) + 2] = pz;
  double e = gravity * link_mass[j] * pz;
  if (lane == NJ - 1) {
    const double dx = px - targets[3 * robot], dy = py - targets[3 * robot + 1], dz = pz - targets[3 * robot + 2];
    e += 0.5 * (dx * dx + dy * dy + dz * dz);
  }
  e = warp_allreduce(e);
  if (lane == 0) energy[robot] = e;
}
