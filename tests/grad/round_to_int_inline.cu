// cuad: --fn wrap --wrt x,y,out,dout
// cuad: fwd --fn wrap --wrt x,y,out,dout
// CUDA's rounding conversions to integers used inline in real arithmetic (minimum image,
// cell offsets): integer-valued, so they carry no derivative, in every rounding mode and
// target type.
#include <cuda_runtime.h>

__global__ void wrap(const float* __restrict__ x, const double* __restrict__ y, float L, double H,
                     float* __restrict__ out, double* __restrict__ dout, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float dx = x[i] - x[(i + 1) % n];
  dx -= L * __float2int_rn(dx / L);
  float t = x[i] * 3.0f;
  t = t - __float2int_rd(t) + 0.5f * __float2ll_ru(t) - __float2uint_rz(t * t);
  double dy = y[i] * 2.5;
  dy = dy - H * __double2int_rn(dy / H) + 0.25 * __double2ll_rd(dy) * dy;
  out[i] = dx * dx + t * t;
  dout[i] = dy * dy + __double2uint_ru(dy * dy) * dy;
}
