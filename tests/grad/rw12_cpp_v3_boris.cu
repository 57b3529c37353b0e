// cuad: --fn boris_push --wrt pos,vel,qm,B0,E0,path
// cuad: fwd --fn boris_push
// A particle-in-cell Boris pusher written with a small user vector class, as plasma codes do:
// `struct V3` with constructors, member operators (+, -, unary -, +=, *=), free scalar
// multiplication on both sides, dot/cross/norm helpers, load/store helpers for an AoS array,
// analytic E and B fields evaluated by __device__ functions returning V3, a uniform field passed
// by value as a V3 kernel parameter, several time steps per thread, and the per-particle path
// length accumulated with norm().
#include <cuda_runtime.h>

struct V3 {
  double x, y, z;
  V3() = default;
  __host__ __device__ V3(double a, double b, double c) : x(a), y(b), z(c) {}
  __host__ __device__ V3 operator+(const V3& o) const { return V3(x + o.x, y + o.y, z + o.z); }
  __host__ __device__ V3 operator-(const V3& o) const { return V3(x - o.x, y - o.y, z - o.z); }
  __host__ __device__ V3 operator-() const { return V3(-x, -y, -z); }
  __host__ __device__ V3& operator+=(const V3& o) {
    x += o.x;
    y += o.y;
    z += o.z;
    return *this;
  }
  __host__ __device__ V3& operator*=(double s) {
    x *= s;
    y *= s;
    z *= s;
    return *this;
  }
};

__host__ __device__ inline V3 operator*(double s, const V3& v) { return V3(s * v.x, s * v.y, s * v.z); }
__host__ __device__ inline V3 operator*(const V3& v, double s) { return s * v; }
__host__ __device__ inline double dot(const V3& a, const V3& b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
__host__ __device__ inline V3 cross(const V3& a, const V3& b) {
  return V3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}
__host__ __device__ inline double norm(const V3& a) { return sqrt(dot(a, a)); }

__device__ __forceinline__ V3 load3(const double* p, int i) { return V3(p[3 * i], p[3 * i + 1], p[3 * i + 2]); }
__device__ __forceinline__ void store3(double* p, int i, const V3& v) {
  p[3 * i] = v.x;
  p[3 * i + 1] = v.y;
  p[3 * i + 2] = v.z;
}

// a standing electrostatic wave
__device__ V3 efield(const V3& r, double E0) {
  return E0 * V3(sin(1.3 * r.z), cos(0.7 * r.x), 0.25 * sin(r.x + r.y));
}

// uniform guide field plus a weak magnetic-mirror term
__device__ V3 bfield(const V3& r, const V3& B0) {
  const double mirror = 0.1 * r.z;
  V3 b = B0 + V3(-0.5 * mirror * r.x, -0.5 * mirror * r.y, 0.05 * r.z * r.z);
  return b;
}

__global__ void boris_push(double* __restrict__ pos, double* __restrict__ vel,
                           const double* __restrict__ qm, V3 B0, double E0, double dt,
                           double* __restrict__ path, int nsteps, int n) {
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= n) return;
  V3 x = load3(pos, p);
  V3 v = load3(vel, p);
  const double h = 0.5 * dt * qm[p];
  double len = 0.0;
  for (int s = 0; s < nsteps; ++s) {
    const V3 E = efield(x, E0);
    const V3 B = bfield(x, B0);
    const V3 vminus = v + h * E;
    const V3 t = h * B;
    const V3 sv = (2.0 / (1.0 + dot(t, t))) * t;
    const V3 vprime = vminus + cross(vminus, t);
    v = vminus + cross(vprime, sv);
    v += E * h;
    V3 step = v;
    step *= dt;
    x += step;
    len += norm(step);
  }
  store3(pos, p, x);
  store3(vel, p, v);
  path[p] = len;
}
