// cuad: --fn fk_dh_loss --wrt q,dh,loss
// cuad: fwd --fn fk_dh_loss --wrt q,dh,loss
// Denavit-Hartenberg forward kinematics with a small homogeneous-transform class, the way
// robotics code bases write it for the GPU (batched IK / trajectory optimisation): a Mat4
// with a __host__ __device__ default constructor setting the identity, a static factory
// from DH parameters (theta, d, a, alpha) with sincos, operator* composing transforms,
// const methods returning the translation and applying the transform to a point; a
// DHParam struct array shared by every configuration; each thread chains the transforms of
// one joint configuration (loop over joints), and the squared distance of the tool point
// to its target plus a joint-limit barrier -log(lim^2 - q^2) is added with atomicAdd into a
// scalar loss after a warp shuffle reduction.
#include <cuda_runtime.h>

struct DHParam {
  double d, a, alpha, offset;
};

struct Vec3d {
  double x, y, z;
};

class Mat4 {
 public:
  double m[3][4];  // the last row is (0 0 0 1)

  __host__ __device__ Mat4() {
    for (int r = 0; r < 3; ++r)
      for (int c = 0; c < 4; ++c) m[r][c] = (r == c) ? 1.0 : 0.0;
  }

  __host__ __device__ static Mat4 from_dh(double theta, const DHParam& p) {
    double st, ct, sa, ca;
    sincos(theta, &st, &ct);
    sincos(p.alpha, &sa, &ca);
    Mat4 T;
    T.m[0][0] = ct; T.m[0][1] = -st * ca; T.m[0][2] = st * sa;  T.m[0][3] = p.a * ct;
    T.m[1][0] = st; T.m[1][1] = ct * ca;  T.m[1][2] = -ct * sa; T.m[1][3] = p.a * st;
    T.m[2][0] = 0;  T.m[2][1] = sa;       T.m[2][2] = ca;       T.m[2][3] = p.d;
    return T;
  }

  __host__ __device__ Mat4 operator*(const Mat4& B) const {
    Mat4 C;
    for (int r = 0; r < 3; ++r)
      for (int c = 0; c < 4; ++c) {
        double s = (c == 3) ? m[r][3] : 0.0;
        for (int k = 0; k < 3; ++k) s += m[r][k] * B.m[k][c];
        C.m[r][c] = s;
      }
    return C;
  }

  __host__ __device__ Vec3d apply(const Vec3d& p) const {
    return Vec3d{m[0][0] * p.x + m[0][1] * p.y + m[0][2] * p.z + m[0][3],
                 m[1][0] * p.x + m[1][1] * p.y + m[1][2] * p.z + m[1][3],
                 m[2][0] * p.x + m[2][1] * p.y + m[2][2] * p.z + m[2][3]};
  }
};

#define NJOINTS 5

__global__ void fk_dh_loss(const double* __restrict__ q, const DHParam* __restrict__ dh,
                           const Vec3d* __restrict__ targets, Vec3d tool, double limit,
                           double barrier_w, int n_cfg, double* __restrict__ loss) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  double e = 0.0;
  if (i < n_cfg) {
    Mat4 T;
    for (int j = 0; j < NJOINTS; ++j) {
      const double qj = q[i * NJOINTS + j];
      T = T * Mat4::from_dh(qj + dh[j].offset, dh[j]);
      e -= barrier_w * log(limit * limit - qj * qj);
    }
    const Vec3d p = T.apply(tool);
    const Vec3d t = targets[i];
    e += (p.x - t.x) * (p.x - t.x) + (p.y - t.y) * (p.y - t.y) + (p.z - t.z) * (p.z - t.z);
  }
  for (int off = 16; off > 0; off >>= 1) e += __shfl_xor_sync(0xffffffffu, e, off);
  if ((threadIdx.x & 31) == 0) atomicAdd(loss, e);
}
