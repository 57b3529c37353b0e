// cuad: --fn rnea_kernel<4> --wrt q,qd,qdd,links,f_ext,tau
// cuad: fwd --fn rnea_kernel<4> --wrt q,qd,qdd,links,tau
// Recursive Newton-Euler inverse dynamics of a serial arm with revolute joints (Craig's
// formulation in link frames), one thread per environment: a Vec3 struct with operators, a
// Mat3 struct with a fixed 3x3 array and mul / tmul (transpose) members, a Link struct with
// mass, center of mass, diagonal inertia, the joint offset in the parent frame and a fixed
// twist about x. The outward pass fills local arrays of angular velocity/acceleration and
// linear acceleration per link; the inward pass accumulates forces and moments from the tip
// (an external wrench per environment on the last link) down to the base, and the joint
// torque is the z component of the moment. Gravity enters as a base acceleration.
#include <cuda_runtime.h>

struct Vec3 {
  double x, y, z;
  __device__ Vec3 operator+(const Vec3& b) const { return Vec3{x + b.x, y + b.y, z + b.z}; }
  __device__ Vec3 operator-(const Vec3& b) const { return Vec3{x - b.x, y - b.y, z - b.z}; }
  __device__ Vec3 operator*(double s) const { return Vec3{x * s, y * s, z * s}; }
};

__device__ inline Vec3 cross(const Vec3& a, const Vec3& b) {
  return Vec3{a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}

struct Mat3 {
  double a[3][3];
  __device__ Vec3 mul(const Vec3& v) const {
    return Vec3{a[0][0] * v.x + a[0][1] * v.y + a[0][2] * v.z, a[1][0] * v.x + a[1][1] * v.y + a[1][2] * v.z,
                a[2][0] * v.x + a[2][1] * v.y + a[2][2] * v.z};
  }
  __device__ Vec3 tmul(const Vec3& v) const {
    return Vec3{a[0][0] * v.x + a[1][0] * v.y + a[2][0] * v.z, a[0][1] * v.x + a[1][1] * v.y + a[2][1] * v.z,
                a[0][2] * v.x + a[1][2] * v.y + a[2][2] * v.z};
  }
};

struct Link {
  double mass;
  double com[3];
  double inertia[3];  // principal moments about the center of mass
  double offset[3];   // joint origin in the parent frame
  double twist;       // fixed rotation about the parent x axis
};

// Rotation of frame i in frame i-1: Rx(twist) * Rz(q).
__device__ Mat3 joint_rotation(double twist, double q) {
  const double ca = cos(twist), sa = sin(twist), cq = cos(q), sq = sin(q);
  Mat3 R;
  R.a[0][0] = cq;      R.a[0][1] = -sq;      R.a[0][2] = 0.0;
  R.a[1][0] = ca * sq; R.a[1][1] = ca * cq;  R.a[1][2] = -sa;
  R.a[2][0] = sa * sq; R.a[2][1] = sa * cq;  R.a[2][2] = ca;
  return R;
}

template <int NJ>
__global__ void rnea_kernel(int n_env, const double* __restrict__ q, const double* __restrict__ qd,
                            const double* __restrict__ qdd, const Link* __restrict__ links,
                            const double* __restrict__ f_ext, double gravity, double* __restrict__ tau) {
  const int e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= n_env) return;
  const Vec3 zhat{0.0, 0.0, 1.0};
  Mat3 R[NJ];
  Vec3 w[NJ], wd[NJ], F[NJ], N[NJ];
  Vec3 w_prev{0.0, 0.0, 0.0}, wd_prev{0.0, 0.0, 0.0}, vd_prev{0.0, 0.0, gravity};
  for (int i = 0; i < NJ; ++i) {
    const Link& L = links[i];
    const double qi = q[e * NJ + i], qdi = qd[e * NJ + i], qddi = qdd[e * NJ + i];
    R[i] = joint_rotation(L.twist, qi);
    const Vec3 p{L.offset[0], L.offset[1], L.offset[2]};
    const Vec3 c{L.com[0], L.com[1], L.com[2]};
    w[i] = R[i].tmul(w_prev) + zhat * qdi;
    wd[i] = R[i].tmul(wd_prev) + cross(R[i].tmul(w_prev), zhat * qdi) + zhat * qddi;
    const Vec3 vd = R[i].tmul(cross(wd_prev, p) + cross(w_prev, cross(w_prev, p)) + vd_prev);
    const Vec3 vcd = cross(wd[i], c) + cross(w[i], cross(w[i], c)) + vd;
    F[i] = vcd * L.mass;
    const Vec3 Iw{L.inertia[0] * w[i].x, L.inertia[1] * w[i].y, L.inertia[2] * w[i].z};
    const Vec3 Iwd{L.inertia[0] * wd[i].x, L.inertia[1] * wd[i].y, L.inertia[2] * wd[i].z};
    N[i] = Iwd + cross(w[i], Iw);
    w_prev = w[i];
    wd_prev = wd[i];
    vd_prev = vd;
  }
  Vec3 f{f_ext[6 * e], f_ext[6 * e + 1], f_ext[6 * e + 2]};
  Vec3 n{f_ext[6 * e + 3], f_ext[6 * e + 4], f_ext[6 * e + 5]};
  for (int i = NJ - 1; i >= 0; --i) {
    const Link& L = links[i];
    const Vec3 c{L.com[0], L.com[1], L.com[2]};
    Vec3 f_child = f, n_child = n;
    Vec3 p_child{0.0, 0.0, 0.0};
    if (i + 1 < NJ) {
      f_child = R[i + 1].mul(f);
      n_child = R[i + 1].mul(n);
      p_child = Vec3{links[i + 1].offset[0], links[i + 1].offset[1], links[i + 1].offset[2]};
    }
    f = f_child + F[i];
    n = N[i] + n_child + cross(c, F[i]) + cross(p_child, f_child);
    tau[e * NJ + i] = n.z;
  }
}
