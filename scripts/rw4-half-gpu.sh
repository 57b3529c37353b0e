#!/bin/bash
# Half-precision gradients on a GPU (the CPU emulation has no __half): differentiates two
# kernels that read or write __half through __half2float/__float2half, runs each gradient and
# compares it with central finite differences of the primal (computed in double from float
# inputs rounded to half). Usage: scripts/rw4-half-gpu.sh path/to/cuad [nvcc]
# Prints `PASS half_in`, `PASS half_out` and exits 0 when both agree.
set -euo pipefail
CUAD=${1:?path to cuad}
NVCC=${2:-nvcc}
DIR=$(mktemp -d)
cat > "$DIR/half.cu" <<'CU'
#include <cuda_fp16.h>
__global__ void half_in(float* out, const __half* x, const float* a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = __half2float(x[i]);
    out[i] = a[0] * v * v + sinf(v);
  }
}
__global__ void half_out(__half* out, const float* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = __float2half(x[i] * x[i] + 0.5f * x[i]);
}
CU
"$CUAD" grad "$DIR/half.cu" --fn half_in -o "$DIR/g1.cu"
"$CUAD" grad "$DIR/g1.cu" --fn half_out -o "$DIR/g2.cu" 2>/dev/null  # (g1 helpers: asm warning)
cat > "$DIR/main.cu" <<'CU'
#include "g2.cu"
#include <cstdio>
#include <cmath>
#include <vector>
static int check(const char* name, const std::vector<double>& ad, const std::vector<double>& ref,
                 double tol) {
  int bad = 0;
  for (size_t i = 0; i < ad.size(); ++i)
    if (!(std::fabs(ad[i] - ref[i]) <= tol * (1.0 + std::fabs(ref[i])))) {
      if (bad++ < 5) std::printf("%s[%zu]: gradient %g, expected %g\n", name, i, ad[i], ref[i]);
    }
  std::printf("%s %s\n", bad ? "FAIL" : "PASS", name);
  return bad != 0;
}
int main() {
  const int n = 64;
  int fails = 0;
  std::vector<__half> xh(n);
  std::vector<float> xf(n), w(n);
  for (int i = 0; i < n; ++i) {
    xh[i] = __float2half(-1.5f + 3.0f * i / n);
    xf[i] = __half2float(xh[i]);
    w[i] = 0.25f + 0.01f * i;
  }
  float a = 0.7f;
  {  // half_in: d(sum w*out)/dx = w*(2 a x + cos x), d/da = sum w x^2
    __half *dx, *ddx; float *dout, *da, *ddout, *dda;
    cudaMalloc(&dx, n * sizeof(__half)); cudaMalloc(&ddx, n * sizeof(__half));
    cudaMalloc(&dout, n * sizeof(float)); cudaMalloc(&ddout, n * sizeof(float));
    cudaMalloc(&da, sizeof(float)); cudaMalloc(&dda, sizeof(float));
    cudaMemcpy(dx, xh.data(), n * sizeof(__half), cudaMemcpyHostToDevice);
    cudaMemset(ddx, 0, n * sizeof(__half));
    cudaMemcpy(ddout, w.data(), n * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(da, &a, sizeof(float), cudaMemcpyHostToDevice);
    cudaMemset(dda, 0, sizeof(float));
    half_in_grad_0_1_2<<<2, 32>>>(dout, dx, da, n, ddout, ddx, dda);
    std::vector<__half> gx(n); float ga = 0;
    cudaMemcpy(gx.data(), ddx, n * sizeof(__half), cudaMemcpyDeviceToHost);
    cudaMemcpy(&ga, dda, sizeof(float), cudaMemcpyDeviceToHost);
    std::vector<double> ad(n + 1), ref(n + 1, 0.0);
    for (int i = 0; i < n; ++i) {
      ad[i] = __half2float(gx[i]);
      ref[i] = w[i] * (2.0 * a * xf[i] + std::cos((double)xf[i]));
      ref[n] += w[i] * (double)xf[i] * xf[i];
    }
    ad[n] = ga;
    fails += check("half_in", ad, ref, 2e-2);  // adjoints of x are stored as __half
  }
  {  // half_out: d(sum w*out)/dx = w*(2x + 0.5)
    __half *dout, *ddout; float *dx, *ddx;
    std::vector<__half> wh(n);
    for (int i = 0; i < n; ++i) wh[i] = __float2half(w[i]);
    cudaMalloc(&dout, n * sizeof(__half)); cudaMalloc(&ddout, n * sizeof(__half));
    cudaMalloc(&dx, n * sizeof(float)); cudaMalloc(&ddx, n * sizeof(float));
    cudaMemcpy(dx, xf.data(), n * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemset(ddx, 0, n * sizeof(float));
    cudaMemcpy(ddout, wh.data(), n * sizeof(__half), cudaMemcpyHostToDevice);
    half_out_grad_0_1<<<2, 32>>>(dout, dx, n, ddout, ddx);
    std::vector<float> gx(n);
    cudaMemcpy(gx.data(), ddx, n * sizeof(float), cudaMemcpyDeviceToHost);
    std::vector<double> ad(gx.begin(), gx.end()), ref(n);
    for (int i = 0; i < n; ++i) ref[i] = (double)__half2float(wh[i]) * (2.0 * xf[i] + 0.5);
    fails += check("half_out", ad, ref, 1e-4);
  }
  if (cudaDeviceSynchronize() != cudaSuccess || cudaGetLastError() != cudaSuccess) {
    std::printf("FAIL cuda error\n");
    return 1;
  }
  return fails ? 1 : 0;
}
CU
(cd "$DIR" && "$NVCC" -arch=native -o half main.cu && ./half)
