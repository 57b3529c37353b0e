// cuad: --fn tonemap_hdr --wrt hdr,ldr,exposure,gamma
// cuad: --fn reinhard --wrt px,lavg,white,out
// HDR tone mapping as a host function: a log-average luminance (float4 RGBA pixels, logf of
// luminance + eps, warp shuffle sums then one atomicAdd per warp into a cudaMemset
// accumulator), the accumulator copied to the host and exponentiated there, then Reinhard
// with a white point (key / lavg scaling), display gamma with powf, alpha passed through.
#include <cuda_runtime.h>
#include <math.h>

__device__ __forceinline__ float luminance(float4 c) {
  return 0.2126f * c.x + 0.7152f * c.y + 0.0722f * c.z;
}

__global__ void log_lum_sum(const float4* __restrict__ px, int n, float* acc) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = (i < n) ? logf(1e-4f + luminance(px[i])) : 0.0f;
  for (int off = 16; off > 0; off >>= 1) v += __shfl_down_sync(0xffffffffu, v, off);
  if ((threadIdx.x & 31) == 0) atomicAdd(acc, v);
}

__global__ void reinhard(const float4* __restrict__ px, float4* __restrict__ out, int n,
                         float lavg, float key, float white, float inv_gamma) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float4 c = px[i];
  const float L = luminance(c);
  const float Ls = key / lavg * L;
  const float Ld = Ls * (1.0f + Ls / (white * white)) / (1.0f + Ls);
  const float s = Ld / L;
  out[i] = make_float4(powf(c.x * s, inv_gamma), powf(c.y * s, inv_gamma),
                       powf(c.z * s, inv_gamma), c.w);
}

void tonemap_hdr(const float4* hdr, float4* ldr, int n, float exposure, float gamma) {
  float4 *d_px, *d_out;
  float* d_acc;
  cudaMalloc(&d_px, n * sizeof(float4));
  cudaMalloc(&d_out, n * sizeof(float4));
  cudaMalloc(&d_acc, sizeof(float));
  cudaMemset(d_acc, 0, sizeof(float));
  cudaMemcpy(d_px, hdr, n * sizeof(float4), cudaMemcpyHostToDevice);
  const int threads = 64, blocks = (n + threads - 1) / threads;
  log_lum_sum<<<blocks, threads>>>(d_px, n, d_acc);
  float sum = 0.0f;
  cudaMemcpy(&sum, d_acc, sizeof(float), cudaMemcpyDeviceToHost);
  const float lavg = expf(sum / n);
  reinhard<<<blocks, threads>>>(d_px, d_out, n, lavg, 0.18f * exposure, 2.5f, 1.0f / gamma);
  cudaMemcpy(ldr, d_out, n * sizeof(float4), cudaMemcpyDeviceToHost);
  cudaFree(d_px);
  cudaFree(d_out);
  cudaFree(d_acc);
}
