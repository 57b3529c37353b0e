// cuad: --fn slerp_keyframes --wrt keys,times,out
// cuad: --fn orient_track_cost --wrt q0,q1,t
// cuad: fwd --fn slerp_keyframes --wrt keys,times,out
// Orientation trajectories from keyframes, as a motion-planning / animation code writes them:
// a Quat struct with member operators (Hamilton product, sum, scaling), dot, conjugate,
// norm and normalized() members, a vector rotation q v q*, and slerp with the two usual
// branches (flip to the short arc when the dot product is negative, normalized lerp when the
// quaternions are nearly parallel). One thread per environment evaluates its keyframe track
// at its own time: the segment index is a data-dependent int, the local parameter the
// fraction. orient_track_cost (host and device) scores an interpolated orientation against a
// target and by how far it moves a body-fixed vector.
#include <cuda_runtime.h>
#include <cmath>

struct Quat {
  double w, x, y, z;

  __host__ __device__ Quat operator*(const Quat& b) const {
    return Quat{w * b.w - x * b.x - y * b.y - z * b.z, w * b.x + x * b.w + y * b.z - z * b.y,
                w * b.y - x * b.z + y * b.w + z * b.x, w * b.z + x * b.y - y * b.x + z * b.w};
  }
  __host__ __device__ Quat operator+(const Quat& b) const { return Quat{w + b.w, x + b.x, y + b.y, z + b.z}; }
  __host__ __device__ Quat operator*(double s) const { return Quat{w * s, x * s, y * s, z * s}; }
  __host__ __device__ double dot(const Quat& b) const { return w * b.w + x * b.x + y * b.y + z * b.z; }
  __host__ __device__ Quat conj() const { return Quat{w, -x, -y, -z}; }
  __host__ __device__ double norm() const { return sqrt(dot(*this)); }
  __host__ __device__ Quat normalized() const {
    const double inv = 1.0 / norm();
    return *this * inv;
  }
};

__host__ __device__ void rotate(const Quat& q, const double v[3], double out[3]) {
  const Quat p{0.0, v[0], v[1], v[2]};
  const Quat r = q * p * q.conj();
  out[0] = r.x;
  out[1] = r.y;
  out[2] = r.z;
}

__host__ __device__ Quat slerp(Quat a, Quat b, double t) {
  a = a.normalized();
  b = b.normalized();
  double c = a.dot(b);
  if (c < 0.0) {
    b = b * -1.0;
    c = -c;
  }
  if (c > 0.9995) return (a + (b + a * -1.0) * t).normalized();
  const double th = acos(c);
  const double s = sin(th);
  return a * (sin((1.0 - t) * th) / s) + b * (sin(t * th) / s);
}

__global__ void slerp_keyframes(int n_env, int n_keys, const Quat* __restrict__ keys,
                                const double* __restrict__ times, Quat* __restrict__ out) {
  const int e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= n_env) return;
  const double s = times[e] * (n_keys - 1);
  int k = (int)floor(s);
  if (k > n_keys - 2) k = n_keys - 2;
  const double u = s - k;
  const Quat* track = keys + e * n_keys;
  out[e] = slerp(track[k], track[k + 1], u);
}

__host__ __device__ double orient_track_cost(const Quat& q0, const Quat& q1, const Quat& target,
                                             double t, const double v[3]) {
  const Quat q = slerp(q0, q1, t);
  const double c = q.dot(target.normalized());
  double rv[3];
  rotate(q, v, rv);
  double move = 0.0;
  for (int k = 0; k < 3; ++k) move += (rv[k] - v[k]) * (rv[k] - v[k]);
  return 1.0 - c * c + 0.25 * move;
}
