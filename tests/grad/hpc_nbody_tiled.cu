// cuad: --fn nbody_tiled --wrt acc,pos
// GPU-Gems style tiled n-body: float4 bodies (w = mass) are staged through shared memory one
// tile per iteration, with barriers around the inner loop.
#define TILE 32
__device__ float3 body_body(float4 bi, float4 bj, float3 ai, float eps2) {
  float3 r;
  r.x = bj.x - bi.x;
  r.y = bj.y - bi.y;
  r.z = bj.z - bi.z;
  float d2 = r.x * r.x + r.y * r.y + r.z * r.z + eps2;
  float inv = rsqrtf(d2);
  float s = bj.w * inv * inv * inv;
  ai.x += r.x * s;
  ai.y += r.y * s;
  ai.z += r.z * s;
  return ai;
}

__global__ void nbody_tiled(float3* acc, const float4* pos, float eps2, int n) {
  __shared__ float4 sh[TILE];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 me = pos[i];
  float3 a = make_float3(0.0f, 0.0f, 0.0f);
  for (int tile = 0; tile < n / TILE; ++tile) {
    sh[threadIdx.x] = pos[tile * TILE + threadIdx.x];
    __syncthreads();
#pragma unroll 4
    for (int j = 0; j < TILE; ++j) a = body_body(me, sh[j], a, eps2);
    __syncthreads();
  }
  acc[i] = a;
}
