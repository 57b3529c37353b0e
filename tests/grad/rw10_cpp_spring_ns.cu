// cuad: --fn phys::spring_forces --wrt pos,sp,force
// Spring-mass forces as a physics code writes them: a namespace with a Vec3 class (constructors,
// const member operators, a friend scalar product, norm()), a SpringParams struct with a
// static constexpr member and a __device__ method taking const Vec3&, functions returning
// structs, and a kernel inside the namespace; the struct parameter is differentiated.
#include <cmath>
namespace phys {

class Vec3 {
 public:
  double x, y, z;
  __host__ __device__ Vec3() : x(0.0), y(0.0), z(0.0) {}
  __host__ __device__ Vec3(double a, double b, double c) : x(a), y(b), z(c) {}
  __host__ __device__ Vec3 operator-(const Vec3& o) const { return Vec3(x - o.x, y - o.y, z - o.z); }
  __host__ __device__ Vec3 operator+(const Vec3& o) const { return Vec3(x + o.x, y + o.y, z + o.z); }
  __host__ __device__ Vec3& operator+=(const Vec3& o) { x += o.x; y += o.y; z += o.z; return *this; }
  __host__ __device__ double norm2() const { return x * x + y * y + z * z; }
  __host__ __device__ double norm() const { return std::sqrt(norm2()); }
  friend __host__ __device__ Vec3 operator*(double s, const Vec3& v) { return Vec3(s * v.x, s * v.y, s * v.z); }
};

struct SpringParams {
  double k;
  double rest;
  double damping;
  static constexpr int neighbors = 2;
  __device__ Vec3 force(const Vec3& d) const {
    const double len = d.norm();
    const double stretch = len - rest;
    // damped Hookean magnitude with a soft cubic term
    const double mag = k * stretch + damping * stretch * stretch * stretch;
    return (mag / len) * d;
  }
};

__device__ __forceinline__ Vec3 load(const double* p, int i) {
  return Vec3(p[3 * i], p[3 * i + 1], p[3 * i + 2]);
}

__global__ void spring_forces(const double* __restrict__ pos, SpringParams sp, double* force, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const Vec3 me = load(pos, i);
  Vec3 f;
  for (int s = 1; s <= SpringParams::neighbors; ++s) {
    const Vec3 other = load(pos, (i + s) % n);
    f += sp.force(other - me);
    const Vec3 prev = load(pos, (i + n - s) % n);
    f += sp.force(prev - me);
  }
  force[3 * i] = f.x;
  force[3 * i + 1] = f.y;
  force[3 * i + 2] += f.z;
}

}  // namespace phys
