// cuad: --fn half2_math --wrt x,w,b,y,out
// cuad: fwd --fn half2_math --wrt x,w,b,y,out
// cuad: --fn bf162_gelu --wrt x,w,y,out
// cuad: fwd --fn bf162_gelu --wrt x,w,y,out
// Written for cuad in the style of mixed-precision epilogues (PyTorch extensions, llm.c) that
// load `__half2` / `__nv_bfloat162` pairs and compute on both halves at once: the pair
// arithmetic and math intrinsics, the conversions between pairs, halves and floats, pairs built
// from halves or floats, and the members `.x` / `.y`.
#include <cuda_fp16.h>
#include <cuda_bf16.h>

__global__ void half2_math(const __half2* __restrict__ x, const __half2* __restrict__ w,
                           const __half2* __restrict__ b, __half2* __restrict__ y,
                           float* __restrict__ out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const __half2 v = x[i];
  __half2 t = __hfma2(v, w[i], b[i]);
  t = __hadd2(t, __hmul2(v, v));
  t = __hsub2(t, __hneg2(__half2half2(__low2half(v))));
  const __half2 e = h2exp(__hmul2(t, __float2half2_rn(0.25f)));
  const __half2 s = h2sqrt(__hfma2(v, v, __floats2half2_rn(1.0f, 2.0f)));
  const __half2 r = __hmul2(h2rsqrt(s), __halves2half2(h2sin(v).x, h2cos(w[i]).y));
  y[i] = __hadd2(__h2div(e, s), r);
  const float2 f = __half22float2(t);
  const __half2 g = __float22half2_rn(make_float2(f.x * f.y, __high2float(v)));
  const __half2 one_two = make_half2(__float2half(1.0f), __float2half(2.0f));
  const __half2 l = h2log(__hadd2(__hfma2(g, g, one_two), __habs2(v)));
  out[i] = f.x * __high2float(v) + __low2float(l) + __half2float(__high2half(s)) +
           __half2float(l.y);
}

__global__ void bf162_gelu(const __nv_bfloat162* __restrict__ x,
                           const __nv_bfloat162* __restrict__ w, __nv_bfloat162* __restrict__ y,
                           float* __restrict__ out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const __nv_bfloat162 v = x[i];
  const __nv_bfloat162 u = __hmul2(v, w[i]);
  const float2 f = __bfloat1622float2(u);
  const float gx = 0.5f * f.x * (1.0f + tanhf(0.7978846f * (f.x + 0.044715f * f.x * f.x * f.x)));
  const float gy = 0.5f * f.y * (1.0f + tanhf(0.7978846f * (f.y + 0.044715f * f.y * f.y * f.y)));
  __nv_bfloat162 g = __floats2bfloat162_rn(gx, gy);
  g = __hfma2(g, __bfloat162bfloat162(__low2bfloat16(v)), h2exp(__hneg2(__habs2(w[i]))));
  const __nv_bfloat162 d = __halves2bfloat162(__float2bfloat16(2.0f), __high2bfloat16(w[i]));
  y[i] = __hsub2(g, __h2div(v, d));
  out[i] = __low2float(g) * __high2float(g) + __bfloat162float(make_bfloat162(g.y, v.x).y);
}
