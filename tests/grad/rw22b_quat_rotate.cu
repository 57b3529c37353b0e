// cuad: --fn rotate_points --wrt q,p,out
// cuad: fwd --fn rotate_points --wrt q,p,out
// Written for cuad in the style of rigid-body / skinning code: a `Quat` struct (scalar part +
// float3 vector part) in `geom::v1` (an inline namespace inside a named one), helper_math
// style operators on the built-in float3 (+, binary and unary -, scalar * vector both ways),
// `dot` / `cross`, a Hamilton product `operator*` on quaternions returning a braced
// aggregate, `conj`, normalization by `rsqrtf`, and p' = q p q* for every point. Each
// thread rotates one point of one body (a compile-time number of points per body from an
// anonymous-namespace constexpr); the unnormalized quaternions are shared by the points of
// a body.
namespace geom {
inline namespace v1 {

__device__ __forceinline__ float3 operator+(const float3& a, const float3& b) {
  return make_float3(a.x + b.x, a.y + b.y, a.z + b.z);
}
__device__ __forceinline__ float3 operator-(const float3& a) { return make_float3(-a.x, -a.y, -a.z); }
__device__ __forceinline__ float3 operator*(float s, const float3& a) {
  return make_float3(s * a.x, s * a.y, s * a.z);
}
__device__ __forceinline__ float3 operator*(const float3& a, float s) { return s * a; }
__device__ __forceinline__ float dot(const float3& a, const float3& b) {
  return a.x * b.x + a.y * b.y + a.z * b.z;
}
__device__ __forceinline__ float3 cross(const float3& a, const float3& b) {
  return make_float3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}

struct Quat {
  float w;
  float3 v;
};

__device__ __forceinline__ Quat operator*(const Quat& a, const Quat& b) {
  return {a.w * b.w - dot(a.v, b.v), a.w * b.v + b.w * a.v + cross(a.v, b.v)};
}
__device__ __forceinline__ Quat conj(const Quat& q) { return {q.w, -q.v}; }
__device__ __forceinline__ Quat normalized(const Quat& q) {
  const float inv = rsqrtf(q.w * q.w + dot(q.v, q.v));
  return {q.w * inv, inv * q.v};
}
__device__ __forceinline__ float3 rotate(const Quat& q, const float3& p) {
  const Quat r = q * Quat{0.0f, p} * conj(q);
  return r.v;
}

}  // namespace v1
}  // namespace geom

namespace {
constexpr int kPointsPerBody = 6;
}

__global__ void rotate_points(const float* __restrict__ q, const float* __restrict__ p,
                              float* __restrict__ out, int n_points) {
  using geom::Quat;
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n_points) return;
  const int body = i / kPointsPerBody;
  const Quat qb = geom::normalized(
      Quat{q[4 * body], make_float3(q[4 * body + 1], q[4 * body + 2], q[4 * body + 3])});
  const float3 pi = make_float3(p[3 * i], p[3 * i + 1], p[3 * i + 2]);
  const float3 r = geom::rotate(qb, pi);
  out[3 * i] = r.x;
  out[3 * i + 1] = r.y;
  out[3 * i + 2] = r.z;
}
