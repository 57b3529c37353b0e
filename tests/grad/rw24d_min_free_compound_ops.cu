// cuad: --fn relax_step
// Minimal (generated code does not compile): free-function compound assignments on a CUDA
// vector type, `void operator-=(double3&, double3)` and `void operator*=(double3&, double)`,
// with the obvious bodies and no unary minus or double3 * double operator defined. Reverse
// mode ignores the bodies and rewrites them as built-in arithmetic on the struct:
// `-_d_v` (no unary operator- for double3), `v = v * s` and `_d_s += v * _r_d` (no
// double3 * double, and the scalar's adjoint would need a dot product). g++/nvcc: "no match
// for 'operator-' (operand type is 'double3')", "no match for 'operator*'".
#include <cuda_runtime.h>

__host__ __device__ inline void operator-=(double3& a, double3 b) {
  a.x -= b.x;
  a.y -= b.y;
  a.z -= b.z;
}
__host__ __device__ inline void operator*=(double3& a, double s) {
  a.x *= s;
  a.y *= s;
  a.z *= s;
}

__global__ void relax_step(const double3* __restrict__ g, const double* __restrict__ damp, double3* __restrict__ x, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double3 v = x[i];
  double3 step = g[i];
  step.x = step.x * step.y;
  v -= step;
  v *= damp[i];
  x[i] = v;
}
