// cuad: --fn rescale_pairs --wrt x
// Minimal repro: a kernel rescales pairs of an array in place, x[2i..2i+1] *= |x_pair|^2,
// storing the result through a __device__ helper that writes a float2 through
// `*reinterpret_cast<float2*>(a)` (llm.c's store128 pattern). The reverse pass needs the
// pair's input values (the adjoint of s reads r[0], r[1]), but the caller does not save them
// before the helper's store (a scalar-store helper `a[0] = u; a[1] = v;` is saved, and so is
// the same vector store written in the kernel itself): the reverse reads the new values.
#include <cuda_runtime.h>

__device__ void store_pair(float* a, float u, float v) {
  *reinterpret_cast<float2*>(a) = make_float2(u, v);
}

__device__ float sumsq_pair(const float* a) { return a[0] * a[0] + a[1] * a[1]; }

__global__ void rescale_pairs(float* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float* r = x + 2 * i;
  const float s = sumsq_pair(r);
  const float u = r[0] * s, v = r[1] * s;
  store_pair(r, u, v);
}
