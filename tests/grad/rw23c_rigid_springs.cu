// cuad: --fn phys::spring_energy --wrt bodies,rest,energy
// cuad: fwd --fn phys::spring_energy --wrt bodies,energy
// A multibody code's spring network: every rigid body carries its position, an orientation
// quaternion (a struct holding a Vec3 field), a small linear "strain" matrix (a struct whose
// field is a fixed 3x3 array) applied to body-frame points before the rotation, and an array
// of anchor points (an array of structs inside the struct). One thread per spring looks up the
// two bodies by const reference, maps its anchors to world space through member functions and
// user operators on Vec3/Mat3/Quat, and writes the spring energy 1/2 k (|pb - pa| - rest)^2
// with k the mean of the two bodies' stiffnesses.
#include <cuda_runtime.h>

namespace phys {

struct Vec3 {
  double x, y, z;
  __host__ __device__ Vec3 operator+(const Vec3& o) const { return Vec3{x + o.x, y + o.y, z + o.z}; }
  __host__ __device__ Vec3 operator-(const Vec3& o) const { return Vec3{x - o.x, y - o.y, z - o.z}; }
  __host__ __device__ Vec3 operator*(double s) const { return Vec3{x * s, y * s, z * s}; }
  __host__ __device__ double dot(const Vec3& o) const { return x * o.x + y * o.y + z * o.z; }
  __host__ __device__ double norm() const { return sqrt(dot(*this)); }
};

__host__ __device__ inline Vec3 cross(const Vec3& a, const Vec3& b) {
  return Vec3{a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}

struct Quat {
  double w;
  Vec3 v;
  // p' = p + 2w (v x p) + 2 v x (v x p), exact for unit quaternions.
  __device__ Vec3 rotate(const Vec3& p) const {
    const Vec3 t = cross(v, p) * 2.0;
    return p + t * w + cross(v, t);
  }
};

struct Mat3 {
  double m[3][3];
  __device__ Vec3 operator*(const Vec3& p) const {
    return Vec3{m[0][0] * p.x + m[0][1] * p.y + m[0][2] * p.z,
                m[1][0] * p.x + m[1][1] * p.y + m[1][2] * p.z,
                m[2][0] * p.x + m[2][1] * p.y + m[2][2] * p.z};
  }
};

constexpr int kAnchors = 2;

struct Body {
  Vec3 pos;
  Quat rot;
  Mat3 strain;
  Vec3 anchors[kAnchors];
  double stiffness;
};

struct Spring {
  int a, b;    // bodies
  int ka, kb;  // anchors on each
};

__device__ Vec3 world_anchor(const Body& b, int k) {
  const Vec3 local = b.strain * b.anchors[k];
  return b.pos + b.rot.rotate(local);
}

__global__ void spring_energy(const Body* __restrict__ bodies, const Spring* __restrict__ springs,
                              const double* __restrict__ rest, double* __restrict__ energy,
                              int n_springs) {
  const int s = blockIdx.x * blockDim.x + threadIdx.x;
  if (s >= n_springs) return;
  const Spring sp = springs[s];
  const Body& A = bodies[sp.a];
  const Body& B = bodies[sp.b];
  const Vec3 pa = world_anchor(A, sp.ka);
  const Vec3 pb = world_anchor(B, sp.kb);
  const double len = (pb - pa).norm();
  const double k = 0.5 * (A.stiffness + B.stiffness);
  const double d = len - rest[s];
  energy[s] = 0.5 * k * d * d;
}

}  // namespace phys
