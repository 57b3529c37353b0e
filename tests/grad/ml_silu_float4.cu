// cuad: --fn bias_silu_vec4 --wrt out,x,bias
// Bias + SiLU with float4 vectorized loads and stores (rows of a multiple of 4 columns),
// a device helper taking a float4 by const reference.
__device__ __forceinline__ float silu(float v) { return v / (1.f + __expf(-v)); }
__device__ __forceinline__ float4 bias_silu4(const float4& a, const float4& b) {
  return make_float4(silu(a.x + b.x), silu(a.y + b.y), silu(a.z + b.z), silu(a.w + b.w));
}
__global__ void bias_silu_vec4(float* __restrict__ out, const float* __restrict__ x, const float* __restrict__ bias,
                               int rows, int cols) {
  const int c4 = cols / 4;
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= rows * c4) return;
  const int col4 = i % c4;
  const float4 xv = reinterpret_cast<const float4*>(x)[i];
  const float4 bv = reinterpret_cast<const float4*>(bias)[col4];
  reinterpret_cast<float4*>(out)[i] = bias_silu4(xv, bv);
}
