// Shared declarations for the corpus files that include a local header.
#ifndef CUAD_CORPUS_KERNEL_COMMON_CUH
#define CUAD_CORPUS_KERNEL_COMMON_CUH

#include <cuda_runtime.h>

#define BLOCK_SIZE 256
#define DIV_UP(a, b) (((a) + (b) - 1) / (b))

struct Particle {
  float3 pos;
  float3 vel;
  float mass;
};

__host__ __device__ inline float3 add3(float3 a, float3 b) {
  return make_float3(a.x + b.x, a.y + b.y, a.z + b.z);
}

__host__ __device__ inline float3 scale3(float3 a, float s) {
  return make_float3(a.x * s, a.y * s, a.z * s);
}

__device__ inline float dot3(float3 a, float3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }

__device__ inline int global_thread_id() { return blockIdx.x * blockDim.x + threadIdx.x; }

#endif // CUAD_CORPUS_KERNEL_COMMON_CUH
