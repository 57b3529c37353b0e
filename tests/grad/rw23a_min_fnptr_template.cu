// cuad: --fn apply_k --wrt x,y
// cuad: fwd --fn apply_k --wrt x,y
// Minimal repro: a __device__ function template whose template parameter is a function
// pointer (`template <float (*op)(float)>`, llm.c's `blockReduce<warpReduceSum>`), called as
// `apply_twice<sq>(v)`. cuad reads the call as comparisons `(apply_twice < sq) > (v)`:
// the reverse mode drops the derivative (the gradient of x is zero, silently), the forward
// mode prints the comparisons back (g++/nvcc errors) with a zero tangent.
#include <cuda_runtime.h>

__device__ float sq(float v) { return v * v; }
__device__ float cube(float v) { return v * v * v; }

template <float (*op)(float)>
__device__ float apply_twice(float v) {
  return op(op(v));
}

__global__ void apply_k(const float* x, float* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = apply_twice<sq>(x[i]) + apply_twice<cube>(x[i]);
}
