// cuad: --fn rotate_points --wrt out,pts,quats
// Rigid rotations of points by per-point quaternions (pose estimation / IMU code): a Quat struct
// with a free operator* returning a braced value, conj/normalized helpers (rsqrtf, compound
// assignments on a by-value struct parameter), float4 quaternions and float3 points, q v q*.
struct Quat { float w, x, y, z; };
__device__ __forceinline__ Quat operator*(const Quat& a, const Quat& b) {
  return {a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z,
          a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
          a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
          a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w};
}
__device__ __forceinline__ Quat conj(Quat q) { return {q.w, -q.x, -q.y, -q.z}; }
__device__ __forceinline__ Quat normalized(Quat q) {
  float inv = rsqrtf(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z);
  q.w *= inv; q.x *= inv; q.y *= inv; q.z *= inv;
  return q;
}
__global__ void rotate_points(float3* out, const float3* pts, const float4* quats, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float4 q4 = quats[i];
  Quat q = normalized(Quat{q4.w, q4.x, q4.y, q4.z});
  float3 p = pts[i];
  Quat v{0.f, p.x, p.y, p.z};
  Quat r = q * v * conj(q);
  out[i] = make_float3(r.x, r.y, r.z);
}
