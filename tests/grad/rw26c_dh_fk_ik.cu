// cuad: --fn ik_loss_kernel<5> --wrt q,dh,target,ee,loss
// cuad: fwd --fn ik_loss_kernel<5> --wrt q,dh,ee,loss
// Batched forward kinematics of a serial arm in Denavit-Hartenberg convention, one thread per
// environment: a Mat4 struct (fixed 4x4 array member) with a static identity factory, a
// matrix product operator and a position accessor; a DH link struct; a Chain<NJ> struct with a
// fixed-size array of links filled from the shared table; the end-effector pose is the
// product of the per-joint transforms in a loop. The IK loss is half the squared position
// error to a per-environment target plus a soft penalty that keeps the tool z axis pointing
// down (1 + R_zz). The DH table is shared by all environments (its adjoint is reduced).
#include <cuda_runtime.h>

struct DHParam {
  double a, alpha, d, theta_off;
};

struct Mat4 {
  double m[4][4];

  __device__ static Mat4 identity() {
    Mat4 r;
    for (int i = 0; i < 4; ++i)
      for (int j = 0; j < 4; ++j) r.m[i][j] = (i == j) ? 1.0 : 0.0;
    return r;
  }

  __device__ Mat4 operator*(const Mat4& b) const {
    Mat4 r;
    for (int i = 0; i < 4; ++i)
      for (int j = 0; j < 4; ++j) {
        double s = 0.0;
        for (int k = 0; k < 4; ++k) s += m[i][k] * b.m[k][j];
        r.m[i][j] = s;
      }
    return r;
  }

  __device__ void position(double p[3]) const {
    p[0] = m[0][3];
    p[1] = m[1][3];
    p[2] = m[2][3];
  }
};

__device__ Mat4 dh_transform(const DHParam& p, double q) {
  double st, ct;
  sincos(q + p.theta_off, &st, &ct);
  const double ca = cos(p.alpha), sa = sin(p.alpha);
  Mat4 T;
  T.m[0][0] = ct;  T.m[0][1] = -st * ca; T.m[0][2] = st * sa;  T.m[0][3] = p.a * ct;
  T.m[1][0] = st;  T.m[1][1] = ct * ca;  T.m[1][2] = -ct * sa; T.m[1][3] = p.a * st;
  T.m[2][0] = 0.0; T.m[2][1] = sa;       T.m[2][2] = ca;       T.m[2][3] = p.d;
  T.m[3][0] = 0.0; T.m[3][1] = 0.0;      T.m[3][2] = 0.0;      T.m[3][3] = 1.0;
  return T;
}

template <int NJ>
struct Chain {
  DHParam link[NJ];
};

template <int NJ>
__device__ Mat4 forward_kinematics(const Chain<NJ>& chain, const double* q) {
  Mat4 T = Mat4::identity();
  for (int j = 0; j < NJ; ++j) T = T * dh_transform(chain.link[j], q[j]);
  return T;
}

template <int NJ>
__global__ void ik_loss_kernel(int n_env, const double* __restrict__ q, const DHParam* __restrict__ dh,
                               const double* __restrict__ target, double* __restrict__ ee,
                               double* __restrict__ loss) {
  const int e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= n_env) return;
  Chain<NJ> chain;
  for (int j = 0; j < NJ; ++j) chain.link[j] = dh[j];
  const Mat4 T = forward_kinematics<NJ>(chain, q + e * NJ);
  double p[3];
  T.position(p);
  double err = 0.0;
  for (int k = 0; k < 3; ++k) {
    ee[3 * e + k] = p[k];
    const double d = p[k] - target[3 * e + k];
    err += d * d;
  }
  loss[e] = 0.5 * err + 0.1 * (1.0 + T.m[2][2]);
}
