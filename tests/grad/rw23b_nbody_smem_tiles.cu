// cuad: --fn nbody_forces<32> --wrt body,G,soft2,acc,total_pe
// cuad: fwd --fn nbody_forces<32> --wrt body,G,soft2,acc,total_pe
// All-pairs gravitational N-body forces in the GPU Gems 3 style: bodies as float4 (xyz +
// mass in w), one thread per body, the block stages a tile of BLOCK bodies in dynamic shared
// memory (extern __shared__ float4), __syncthreads, the inner loop over the tile under
// #pragma unroll 4 calls a force helper that accumulates into a float3 and the potential
// through references (rsqrtf of the softened distance; the self term is kept, as the
// softened code does). The last tile is padded with massless bodies. Accelerations are
// scaled by G on store; the total potential energy is reduced with warp shuffles and one
// atomicAdd per warp.
#include <cuda_runtime.h>

__device__ __forceinline__ void body_body(const float4& bi, const float4& bj, float soft2, float3& ai,
                                          float& phi) {
  float3 r;
  r.x = bj.x - bi.x;
  r.y = bj.y - bi.y;
  r.z = bj.z - bi.z;
  const float d2 = r.x * r.x + r.y * r.y + r.z * r.z + soft2;
  const float inv_d = rsqrtf(d2);
  const float inv_d3 = inv_d * inv_d * inv_d;
  const float s = bj.w * inv_d3;
  ai.x += r.x * s;
  ai.y += r.y * s;
  ai.z += r.z * s;
  phi -= bj.w * inv_d;
}

template <int BLOCK>
__global__ void nbody_forces(const float4* __restrict__ body, float G, float soft2, int n,
                             float3* __restrict__ acc, float* __restrict__ total_pe) {
  extern __shared__ float4 tile[];
  const int i = blockIdx.x * BLOCK + threadIdx.x;
  const float4 bi = i < n ? body[i] : make_float4(0.0f, 0.0f, 0.0f, 0.0f);
  float3 ai = make_float3(0.0f, 0.0f, 0.0f);
  float phi = 0.0f;
  const int ntiles = (n + BLOCK - 1) / BLOCK;
  for (int t = 0; t < ntiles; ++t) {
    const int j = t * BLOCK + threadIdx.x;
    tile[threadIdx.x] = j < n ? body[j] : make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    __syncthreads();
#pragma unroll 4
    for (int k = 0; k < BLOCK; ++k) body_body(bi, tile[k], soft2, ai, phi);
    __syncthreads();
  }
  if (i < n) acc[i] = make_float3(G * ai.x, G * ai.y, G * ai.z);
  float e = i < n ? 0.5f * G * bi.w * phi : 0.0f;
  for (int off = 16; off > 0; off >>= 1) e += __shfl_down_sync(0xffffffffu, e, off);
  if ((threadIdx.x & 31) == 0) atomicAdd(total_pe, e);
}
