// cuad: --fn rescale_quads --wrt x
// cuad: fwd --fn rescale_quads --wrt x
// __device__ helpers that store through their pointer argument in place, in the forms cuad
// names for the caller's save (the caller's reverse reads the old values: the sums `s`, `t`
// and the products read x before the stores): `*a`, `*(a + 1)`, a vector store
// `*reinterpret_cast<float2*>(a)` (llm.c's store128), a scalar store through a cast of an
// offset address, and an offset that is a static member named through a typedef
// (`r + L::half`). Before, only `a[k]` stores were saved; the others left the new values for
// the reverse to read (silently wrong), and `L::half` left the call's arguments untyped.
#include <cuda_runtime.h>

struct Layout {
  static constexpr int half = 2;
};
typedef Layout L;

__device__ void store_first(float* a, float u) { *a = u; }
__device__ void store_second(float* a, float u) { *(a + 1) = u; }
__device__ void store_pair(float* a, float u, float v) {
  *reinterpret_cast<float2*>(a) = make_float2(u, v);
}
__device__ void store_last(float* a, float u) { *reinterpret_cast<float*>(a + 1) = u; }

__device__ float sumsq(const float* a, int n) {
  float s = 0.0f;
  for (int k = 0; k < n; ++k) s += a[k] * a[k];
  return s;
}

__global__ void rescale_quads(float* x, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float* r = x + 4 * i;
  const float s = sumsq(r, 4);
  store_first(r, r[0] * s);
  store_second(r, r[1] * s);
  const float t = sumsq(r, 4);
  store_pair(r + L::half, r[2] * t, r[3] * s);
  store_last(r + L::half, r[3] * r[0]);
}
