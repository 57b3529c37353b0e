// All-pairs gravitational accelerations with float4 bodies (xyz + mass), softening, and
// shared-memory tiles of bodies.
#define NB_TILE 128

__device__ float3 body_interaction(float4 bi, float4 bj, float3 ai, float eps2) {
  float3 r;
  r.x = bj.x - bi.x;
  r.y = bj.y - bi.y;
  r.z = bj.z - bi.z;
  float dist2 = r.x * r.x + r.y * r.y + r.z * r.z + eps2;
  float inv = rsqrtf(dist2);
  float inv3 = inv * inv * inv;
  float s = bj.w * inv3;
  ai.x += r.x * s;
  ai.y += r.y * s;
  ai.z += r.z * s;
  return ai;
}

__global__ void compute_accelerations(const float4 *pos, float3 *acc, int n, float eps2) {
  __shared__ float4 tile[NB_TILE];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 me = i < n ? pos[i] : make_float4(0.f, 0.f, 0.f, 0.f);
  float3 a = {0.0f, 0.0f, 0.0f};
  for (int start = 0; start < n; start += NB_TILE) {
    int j = start + threadIdx.x;
    tile[threadIdx.x] = j < n ? pos[j] : make_float4(0.f, 0.f, 0.f, 0.f);
    __syncthreads();
    int count = min(NB_TILE, n - start);
    for (int k = 0; k < count; ++k)
      a = body_interaction(me, tile[k], a, eps2);
    __syncthreads();
  }
  if (i < n)
    acc[i] = a;
}

__global__ void leapfrog(float4 *pos, float3 *vel, const float3 *acc, float dt, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    vel[i].x += acc[i].x * dt;
    vel[i].y += acc[i].y * dt;
    vel[i].z += acc[i].z * dt;
    pos[i].x += vel[i].x * dt;
    pos[i].y += vel[i].y * dt;
    pos[i].z += vel[i].z * dt;
  }
}
