// Warp vote and sync intrinsics (__ballot_sync, __any_sync, __all_sync, __syncwarp),
// inline PTX through asm volatile, and #pragma unroll with a count.
__device__ __forceinline__ unsigned lane_id() {
  unsigned id;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(id));
  return id;
}

__device__ __forceinline__ float fast_rcp(float x) {
  float r;
  asm("rcp.approx.f32 %0, %1;" : "=f"(r) : "f"(x));
  return r;
}

__global__ void compact_flags(const float *x, unsigned *masks, int *any_neg, float *inv, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  bool pred = i < n && x[i] > 0.0f;
  unsigned ballot = __ballot_sync(0xffffffffu, pred);
  if (lane_id() == 0)
    masks[i / 32] = ballot;
  if (__any_sync(0xffffffffu, i < n && x[i] < 0.0f) && lane_id() == 0)
    atomicOr(any_neg, 1);
  __syncwarp();
  if (__all_sync(0xffffffffu, pred) && i < n)
    inv[i] = fast_rcp(x[i]);
}

__global__ void unrolled_sum(const float4 *v, float *out, int n4) {
  float acc = 0.0f;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
#pragma unroll 4
  for (int k = 0; k < 16; ++k) {
    int j = i * 16 + k;
    if (j < n4) {
      float4 t = v[j];
      acc += t.x + t.y + t.z + t.w;
    }
  }
  out[i] = acc;
}
