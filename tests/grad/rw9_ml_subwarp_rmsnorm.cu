// cuad: --fn rmsnorm_halfwarp --wrt y,x,weight
// cuad: fwd --fn rmsnorm_halfwarp --wrt y,x,weight
// RMSNorm for short rows, 16 lanes per row (two rows per warp): float2 loads of x and weight,
// sub-warp butterfly __shfl_xor_sync(mask, v, o, 16) with the width argument, __frsqrt_rn,
// residual added: y = x * r * w + x. Rows past the end still shuffle (their lanes read zeros).
__global__ void rmsnorm_halfwarp(float* __restrict__ y, const float* __restrict__ x,
                                 const float* __restrict__ weight, int rows, int C, float eps) {
  const int gtid = blockIdx.x * blockDim.x + threadIdx.x;
  const int row = gtid / 16;
  const int sub = threadIdx.x & 15;
  const bool active = row < rows;
  const float2* xr = reinterpret_cast<const float2*>(x + (size_t)row * C);
  const float2* wr = reinterpret_cast<const float2*>(weight);
  float ss = 0.f;
  if (active)
    for (int i = sub; i < C / 2; i += 16) {
      const float2 v = xr[i];
      ss += v.x * v.x + v.y * v.y;
    }
#pragma unroll
  for (int o = 8; o > 0; o >>= 1) ss += __shfl_xor_sync(0xffffffffu, ss, o, 16);
  const float r = __frsqrt_rn(ss / C + eps);
  if (!active) return;
  float2* yr = reinterpret_cast<float2*>(y + (size_t)row * C);
  for (int i = sub; i < C / 2; i += 16) {
    const float2 v = xr[i], g = __ldg(wr + i);
    yr[i] = make_float2(fmaf(v.x * r, g.x, v.x), fmaf(v.y * r, g.y, v.y));
  }
}
