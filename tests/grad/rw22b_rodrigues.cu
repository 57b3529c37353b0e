// cuad: --fn rodrigues --wrt omega,v,out
// cuad: fwd --fn rodrigues --wrt omega,v,out
// Written for cuad in the style of SLAM / bundle-adjustment kernels (exp map of so(3)):
// double3 operators and `dot` / `cross` in an anonymous namespace, an `AxisAngle` struct
// returned by `split` and unpacked with a structured binding (`const auto [k, theta]`),
// `std::sqrt` / `std::sin` / `std::cos` on doubles, a `[[maybe_unused]]` local, const
// references everywhere, and a default argument (`scale = 1.0`) on the rotation helper.
// Each thread rotates v by the axis-angle vector omega (Rodrigues' formula):
//   v' = v cos t + (k x v) sin t + k (k . v)(1 - cos t),   t = |omega|, k = omega / t.
#include <cmath>

namespace {

__device__ __forceinline__ double3 operator+(const double3& a, const double3& b) {
  return make_double3(a.x + b.x, a.y + b.y, a.z + b.z);
}
__device__ __forceinline__ double3 operator*(const double3& a, double s) {
  return make_double3(a.x * s, a.y * s, a.z * s);
}
__device__ __forceinline__ double dot(const double3& a, const double3& b) {
  return a.x * b.x + a.y * b.y + a.z * b.z;
}
__device__ __forceinline__ double3 cross(const double3& a, const double3& b) {
  return make_double3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}

struct AxisAngle {
  double3 axis;
  double angle;
};

__device__ AxisAngle split(const double3& w) {
  const double theta = std::sqrt(dot(w, w));
  return {w * (1.0 / theta), theta};
}

__device__ double3 rotate(const double3& w, const double3& v, double scale = 1.0) {
  const auto [k, theta] = split(w);
  [[maybe_unused]] const double theta2 = theta * theta;
  const double c = std::cos(scale * theta), s = std::sin(scale * theta);
  return v * c + cross(k, v) * s + k * (dot(k, v) * (1.0 - c));
}

}  // namespace

__global__ void rodrigues(const double* __restrict__ omega, const double* __restrict__ v,
                          double* __restrict__ out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double3 w = make_double3(omega[3 * i], omega[3 * i + 1], omega[3 * i + 2]);
  const double3 x = make_double3(v[3 * i], v[3 * i + 1], v[3 * i + 2]);
  const double3 r = rotate(w, x);
  out[3 * i] = r.x;
  out[3 * i + 1] = r.y;
  out[3 * i + 2] = r.z;
}
