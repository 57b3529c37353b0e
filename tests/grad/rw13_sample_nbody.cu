// cuad: --fn integrateBodies --wrt newPos,newVel,oldPos,oldVel
// GPU Gems 3 "Fast N-Body Simulation with CUDA" style step: `float4` positions with the mass in
// `.w`, a `bodyBodyInteraction` device function accumulating into a float3 with rsqrtf, a
// `tile_calculation` over `extern __shared__ float4 shPosition[]` (blockDim.x bodies per tile,
// `#pragma unroll 4`), `__umul24` index arithmetic, then a leapfrog update of velocity and
// position with damping. n is a multiple of the block size, as in the sample.
#define SOFTENING_SQUARED 0.05f

__device__ float3 bodyBodyInteraction(float4 bi, float4 bj, float3 ai) {
  float3 r;
  r.x = bj.x - bi.x;
  r.y = bj.y - bi.y;
  r.z = bj.z - bi.z;
  float distSqr = r.x * r.x + r.y * r.y + r.z * r.z + SOFTENING_SQUARED;
  float invDist = rsqrtf(distSqr);
  float invDistCube = invDist * invDist * invDist;
  float s = bj.w * invDistCube;
  ai.x += r.x * s;
  ai.y += r.y * s;
  ai.z += r.z * s;
  return ai;
}

__device__ float3 tile_calculation(float4 myPosition, float3 accel) {
  extern __shared__ float4 shPosition[];
#pragma unroll 4
  for (int i = 0; i < blockDim.x; i++) accel = bodyBodyInteraction(myPosition, shPosition[i], accel);
  return accel;
}

__global__ void integrateBodies(float4* newPos, float4* newVel, const float4* oldPos,
                                const float4* oldVel, float deltaTime, float damping, int n) {
  extern __shared__ float4 shPosition[];
  int gtid = __umul24(blockIdx.x, blockDim.x) + threadIdx.x;
  float4 myPosition = oldPos[gtid];
  float3 acc = {0.0f, 0.0f, 0.0f};
  for (int i = 0, tile = 0; i < n; i += blockDim.x, tile++) {
    int idx = __umul24(tile, blockDim.x) + threadIdx.x;
    shPosition[threadIdx.x] = oldPos[idx];
    __syncthreads();
    acc = tile_calculation(myPosition, acc);
    __syncthreads();
  }
  float4 vel = oldVel[gtid];
  vel.x += acc.x * deltaTime;
  vel.y += acc.y * deltaTime;
  vel.z += acc.z * deltaTime;
  vel.x *= damping;
  vel.y *= damping;
  vel.z *= damping;
  myPosition.x += vel.x * deltaTime;
  myPosition.y += vel.y * deltaTime;
  myPosition.z += vel.z * deltaTime;
  newPos[gtid] = myPosition;
  newVel[gtid] = vel;
}
