// cuad: --fn wrap_sq
// Minimal: the integer-rounding intrinsic __float2int_rn used inline in floating-point
// arithmetic (minimum image dx -= L * __float2int_rn(dx / L)). Its result is an integer with
// no derivative, and `const int m = __float2int_rn(dx / L); dx -= L * m;` is accepted, but the
// inline form is refused in reverse mode: "no derivative for `__float2int_rn`: it has no body
// here and no custom derivative". (Forward mode accepts it; __float2int_rd / _rz / _ru,
// __double2int_rn, __float2uint_rd, __float2ll_rd behave the same.)
#include <cuda_runtime.h>

__global__ void wrap_sq(const float* __restrict__ x, float L, float* __restrict__ out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float dx = x[i] - x[(i + 1) % n];
  dx -= L * __float2int_rn(dx / L);
  out[i] = dx * dx;
}
