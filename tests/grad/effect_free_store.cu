// cuad: --fn shade --wrt x,y
// cuad: --fn shade_pure --wrt x,y
// Written for cuad in the style of image and activation kernels whose output store calls
// `__device__` helpers: a helper with a local table and loop (no effects: the gradient drops
// the dead store), one that counts clipped values with an atomic and one that prints (the
// store is kept, or its print dropped, without changing the gradient).
#include <cstdio>
#include <cuda_runtime.h>

__device__ float poly(float v) {
  float c[4] = {0.5f, -0.25f, 0.125f, 0.0625f};
  float acc = 0.0f;
  for (int k = 3; k >= 0; --k) acc = acc * v + c[k];
  return acc;
}

__device__ float clip_count(float v, int* clipped) {
  if (v > 0.9f) {
    atomicAdd(clipped, 1);
    return 0.9f + 0.1f * v;
  }
  return v;
}

__device__ float loud(float v) {
  if (v > 50.0f) printf("large value %f\n", v);
  return v * v;
}

__global__ void shade(const float* x, float* y, int* clipped, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = poly(x[i]) * sinf(x[i]) + clip_count(x[i], clipped) + loud(x[i]);
}

__global__ void shade_pure(const float* x, float* y, int* clipped, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = poly(x[i]) * sinf(x[i]) + loud(x[i]);
}
