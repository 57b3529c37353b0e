// cuad: --fn torque --wrt t,r,f
// Namespace aliases: `namespace m = mylib::math;` at file scope and one inside a function,
// used in types (`m::Vec3`), in calls (`m::cross`, `m::dot`) and for a nested namespace.
namespace mylib {
namespace math {
struct Vec3 {
  double x, y, z;
};
__device__ Vec3 cross(const Vec3& a, const Vec3& b) {
  return Vec3{a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
__device__ double dot(const Vec3& a, const Vec3& b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
}  // namespace math
}  // namespace mylib

namespace m = mylib::math;

__device__ double moment(const m::Vec3& r, const m::Vec3& f) {
  namespace mm = mylib::math;
  mm::Vec3 c = mm::cross(r, f);
  return sqrt(mm::dot(c, c) + 1.0);
}

__global__ void torque(double* t, const m::Vec3* r, const m::Vec3* f, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    m::Vec3 v = m::cross(r[i], f[i]);
    t[i] = moment(r[i], f[i]) + m::dot(v, r[i]);
  }
}
