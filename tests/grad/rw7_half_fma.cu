// cuad: --fn half_poly --wrt x,coef,out
// cuad: fwd --fn half_poly --wrt x,coef,out
// Written for cuad in the style of fp16 epilogues that keep the arithmetic in half precision:
// `__hfma`, `__hmul`, `__hadd`, `__hsub` on `__half` values (a Horner step, a residual), the
// coefficients shared by all threads, and the result widened with `__half2float` into a float
// output scaled in float.
#include <cuda_fp16.h>

__global__ void half_poly(const __half* __restrict__ x, const __half* __restrict__ coef,
                          float* __restrict__ out, float scale, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const __half v = x[i];
  __half acc = __hfma(coef[0], v, coef[1]);
  acc = __hfma(acc, v, coef[2]);
  const __half resid = __hsub(__hmul(v, v), acc);
  out[i] = scale * __half2float(__hadd(resid, coef[2]));
}
