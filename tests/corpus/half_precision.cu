// Mixed precision: __half storage with float accumulation, half2 vector math, and
// conversions in both directions.
#include <cuda_fp16.h>

__global__ void axpy_half(const __half *x, __half *y, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float xf = __half2float(x[i]);
    float yf = __half2float(y[i]);
    y[i] = __float2half(a * xf + yf);
  }
}

__global__ void scale_half2(half2 *v, half2 s, int n2) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n2)
    v[i] = __hmul2(v[i], s);
}

__global__ void dot_half(const __half *a, const __half *b, float *out, int n) {
  float acc = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    acc = fmaf(__half2float(a[i]), __half2float(b[i]), acc);
  atomicAdd(out, acc);
}
