// cuad: --fn shift_xyz
// Minimal (silent wrong gradient): a free-function compound assignment on a CUDA vector
// type, `void operator+=(double4& a, double4 b)`, whose body adds only xyz (w carries a
// charge or a mass and is kept). Reverse mode ignores the body and differentiates `v += d`
// as member-wise addition of all four components: the adjoint of d.w receives the adjoint
// of v.w although d.w never reaches the result. (Forward mode calls the operator and is right;
// a member operator+= is differentiated through its body and is right.)
#include <cuda_runtime.h>

__host__ __device__ inline void operator+=(double4& a, double4 b) {
  a.x += b.x;
  a.y += b.y;
  a.z += b.z;
}

__global__ void shift_xyz(const double4* __restrict__ d, double4* __restrict__ p, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double4 v = p[i];
  v += d[i];
  v.w = v.w * v.x;
  p[i] = v;
}
