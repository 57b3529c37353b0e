// cuad: --fn rigid_steps --wrt bodies,local_pts,kc,work
// Rigid bodies (clusters of point masses, like dice made of spheres) dropped on a floor.
// Each thread owns one body, stored as an array of structs {com, vel, q, omega} updated in
// place. A quaternion struct has member operators (Hamilton product, +=, scaled copy,
// conjugate); rotate() is q v q*. Every substep: each constituent point is rotated into the
// world frame, a penalty spring-damper acts on points below the floor (branch), forces and
// torques (cross products) are summed, then linear and angular velocity, the centre of mass,
// and the orientation (dq = 0.5 dt (0, omega) q, renormalised with rsqrt) are advanced.
// Work done by the floor is accumulated with atomicAdd.
#include <cuda_runtime.h>

struct Vec {
  double x, y, z;
};
__host__ __device__ inline Vec vec(double x, double y, double z) {
  Vec r;
  r.x = x;
  r.y = y;
  r.z = z;
  return r;
}
__host__ __device__ inline Vec operator+(const Vec& a, const Vec& b) { return vec(a.x + b.x, a.y + b.y, a.z + b.z); }
__host__ __device__ inline Vec operator-(const Vec& a, const Vec& b) { return vec(a.x - b.x, a.y - b.y, a.z - b.z); }
__host__ __device__ inline Vec operator*(double s, const Vec& a) { return vec(s * a.x, s * a.y, s * a.z); }
__host__ __device__ inline Vec cross(const Vec& a, const Vec& b) {
  return vec(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}

struct Quat {
  double w, x, y, z;
  __host__ __device__ Quat operator*(const Quat& b) const {
    Quat r;
    r.w = w * b.w - x * b.x - y * b.y - z * b.z;
    r.x = w * b.x + x * b.w + y * b.z - z * b.y;
    r.y = w * b.y - x * b.z + y * b.w + z * b.x;
    r.z = w * b.z + x * b.y - y * b.x + z * b.w;
    return r;
  }
  __host__ __device__ Quat& operator+=(const Quat& b) {
    w += b.w;
    x += b.x;
    y += b.y;
    z += b.z;
    return *this;
  }
  __host__ __device__ Quat scaled(double s) const {
    Quat r;
    r.w = s * w;
    r.x = s * x;
    r.y = s * y;
    r.z = s * z;
    return r;
  }
  __host__ __device__ Quat conj() const {
    Quat r;
    r.w = w;
    r.x = -x;
    r.y = -y;
    r.z = -z;
    return r;
  }
};

__host__ __device__ Vec rotate(const Quat& q, const Vec& v) {
  Quat p;
  p.w = 0.0;
  p.x = v.x;
  p.y = v.y;
  p.z = v.z;
  const Quat r = q * p * q.conj();
  return vec(r.x, r.y, r.z);
}

struct Body {
  Vec com, vel;
  Quat q;
  Vec omega;
};

__global__ void rigid_steps(Body* bodies, const Vec* __restrict__ local_pts, int npts, int nb, double kc,
                            double cdamp, double mass, double inertia, double dt, int steps,
                            double* __restrict__ work) {
  const int b = blockIdx.x * blockDim.x + threadIdx.x;
  if (b >= nb) return;
  Body B = bodies[b];
  double W = 0.0;
  for (int s = 0; s < steps; ++s) {
    Vec F = vec(0.0, -9.81 * mass, 0.0);
    Vec tau = vec(0.0, 0.0, 0.0);
    for (int p = 0; p < npts; ++p) {
      const Vec r = rotate(B.q, local_pts[p]);
      const Vec x = B.com + r;
      if (x.y < 0.0) {
        const Vec vp = B.vel + cross(B.omega, r);
        const double fy = -kc * x.y - cdamp * vp.y;
        const Vec f = vec(0.0, fy, 0.0);
        F = F + f;
        tau = tau + cross(r, f);
        W += fy * vp.y * dt;
      }
    }
    B.vel = B.vel + (dt / mass) * F;
    B.omega = B.omega + (dt / inertia) * tau;
    B.com = B.com + dt * B.vel;
    Quat om;
    om.w = 0.0;
    om.x = B.omega.x;
    om.y = B.omega.y;
    om.z = B.omega.z;
    B.q += (om * B.q).scaled(0.5 * dt);
    const double inv = rsqrt(B.q.w * B.q.w + B.q.x * B.q.x + B.q.y * B.q.y + B.q.z * B.q.z);
    B.q = B.q.scaled(inv);
  }
  bodies[b] = B;
  atomicAdd(work, W);
}
