// cuad: --fn vertex_normals --wrt vn,pos
// Mesh vertex normals: one thread per triangle gathers its vertices through an index array,
// device functions returning float3 (sub, cross, normalize with rsqrtf), make_float3 and
// .x/.y/.z, the face normal scattered to the three vertices with atomicAdd.
__device__ inline float3 load3(const float* p, int v) {
  return make_float3(p[3 * v], p[3 * v + 1], p[3 * v + 2]);
}
__device__ inline float3 sub3(float3 a, float3 b) {
  return make_float3(a.x - b.x, a.y - b.y, a.z - b.z);
}
__device__ inline float3 cross3(float3 a, float3 b) {
  return make_float3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}
__device__ inline float3 normalize3(float3 v) {
  const float r = rsqrtf(v.x * v.x + v.y * v.y + v.z * v.z + 1e-12f);
  return make_float3(v.x * r, v.y * r, v.z * r);
}
__global__ void vertex_normals(float* vn, const float* __restrict__ pos,
                               const int* __restrict__ tri, int ntri) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= ntri) return;
  const int i0 = tri[3 * t], i1 = tri[3 * t + 1], i2 = tri[3 * t + 2];
  const float3 p0 = load3(pos, i0);
  const float3 n = normalize3(cross3(sub3(load3(pos, i1), p0), sub3(load3(pos, i2), p0)));
  const int vs[3] = {i0, i1, i2};
  for (int k = 0; k < 3; ++k) {
    atomicAdd(&vn[3 * vs[k] + 0], n.x);
    atomicAdd(&vn[3 * vs[k] + 1], n.y);
    atomicAdd(&vn[3 * vs[k] + 2], n.z);
  }
}
