// cuad: --fn scale_by_shared_weight --wrt p,x,y
// Minimal: a struct passed by value holds a pointer to weights; several threads read the same
// weight p.w[i / 4] inside a __device__ helper that takes the struct by const reference. In the
// helper's pullback the adjoint of p.w is accumulated with a plain `+=` (not atomicAdd),
// racing between the threads that share the weight (the adjoint of x, a plain pointer
// parameter read the same way, gets atomicAdd; read directly in the kernel, p.w gets one too).
#include <cuda_runtime.h>

struct Params {
  const float* w;
};

__device__ float weighted(const Params& p, const float* __restrict__ x, int i) {
  return p.w[i / 4] * x[i / 4];
}

__global__ void scale_by_shared_weight(Params p, const float* __restrict__ x, float* __restrict__ y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = weighted(p, x, i);
}
