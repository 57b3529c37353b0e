// cuad: --fn stereo_soft_argmin --wrt feat_l,feat_r,lambda,temperature,disp,conf
// Learned-stereo style disparity estimation (GC-Net / census hybrids), driven by a host
// function: a census kernel turns both grey images into 3x3 census codes (clamp-to-edge,
// bit set where a neighbour is darker), a cost-volume kernel templated on feature channels and
// disparity count mixes the Hamming distance (__popc of the xor) with a Charbonnier feature
// distance per channel and gives pixels whose match leaves the image a constant cost, and a
// soft-argmin kernel turns each cost column into a softmax (stable: the minimum is found first)
// and writes the expected disparity and a confidence (the largest probability).
#include <cuda_runtime.h>

#define INVALID_COST 8.0f

__device__ __forceinline__ int clampi(int v, int n) { return v < 0 ? 0 : (v >= n ? n - 1 : v); }

__global__ void census3x3(const float* __restrict__ img, int W, int H,
                          unsigned int* __restrict__ code) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y;
  if (x >= W) return;
  const float c = img[y * W + x];
  unsigned int bits = 0u;
  int b = 0;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx) {
      if (dx == 0 && dy == 0) continue;
      const float v = img[clampi(y + dy, H) * W + clampi(x + dx, W)];
      if (v < c) bits |= 1u << b;
      ++b;
    }
  code[y * W + x] = bits;
}

template <int C, int MAXD>
__global__ void build_cost_volume(const unsigned int* __restrict__ census_l,
                                  const unsigned int* __restrict__ census_r,
                                  const float* __restrict__ feat_l,
                                  const float* __restrict__ feat_r, int W, int H, float lambda,
                                  float* __restrict__ cost) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y;
  if (x >= W) return;
  const int i = y * W + x;
  const int plane = W * H;
  for (int d = 0; d < MAXD; ++d) {
    float c = INVALID_COST;
    if (x - d >= 0) {
      const int ham = __popc(census_l[i] ^ census_r[i - d]);
      float fdist = 0.0f;
#pragma unroll
      for (int ch = 0; ch < C; ++ch) {
        const float diff = feat_l[ch * plane + i] - feat_r[ch * plane + i - d];
        fdist += sqrtf(diff * diff + 1e-2f);
      }
      c = lambda * (float)ham / 8.0f + fdist / C;
    }
    cost[d * plane + i] = c;
  }
}

__global__ void soft_argmin(const float* __restrict__ cost, int W, int H, int D,
                            float temperature, float* __restrict__ disp,
                            float* __restrict__ conf) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y;
  if (x >= W) return;
  const int i = y * W + x, plane = W * H;
  float cmin = cost[i];
  for (int d = 1; d < D; ++d) cmin = fminf(cmin, cost[d * plane + i]);
  float z = 0.0f, num = 0.0f;
  for (int d = 0; d < D; ++d) {
    const float e = expf(-(cost[d * plane + i] - cmin) / temperature);
    z += e;
    num += d * e;
  }
  disp[i] = num / z;
  conf[i] = 1.0f / z;
}

void stereo_soft_argmin(const float* left, const float* right, const float* feat_l,
                        const float* feat_r, int W, int H, float lambda, float temperature,
                        float* disp, float* conf) {
  constexpr int C = 3, MAXD = 6;
  const int plane = W * H;
  float *d_left, *d_right, *d_fl, *d_fr, *d_cost, *d_disp, *d_conf;
  unsigned int *d_cl, *d_cr;
  cudaMalloc(&d_left, plane * sizeof(float));
  cudaMalloc(&d_right, plane * sizeof(float));
  cudaMalloc(&d_fl, C * plane * sizeof(float));
  cudaMalloc(&d_fr, C * plane * sizeof(float));
  cudaMalloc(&d_cl, plane * sizeof(unsigned int));
  cudaMalloc(&d_cr, plane * sizeof(unsigned int));
  cudaMalloc(&d_cost, MAXD * plane * sizeof(float));
  cudaMalloc(&d_disp, plane * sizeof(float));
  cudaMalloc(&d_conf, plane * sizeof(float));
  cudaMemcpy(d_left, left, plane * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_right, right, plane * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_fl, feat_l, C * plane * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_fr, feat_r, C * plane * sizeof(float), cudaMemcpyHostToDevice);

  const dim3 block(32), grid((W + 31) / 32, H);
  census3x3<<<grid, block>>>(d_left, W, H, d_cl);
  census3x3<<<grid, block>>>(d_right, W, H, d_cr);
  build_cost_volume<C, MAXD><<<grid, block>>>(d_cl, d_cr, d_fl, d_fr, W, H, lambda, d_cost);
  soft_argmin<<<grid, block>>>(d_cost, W, H, MAXD, temperature, d_disp, d_conf);

  cudaMemcpy(disp, d_disp, plane * sizeof(float), cudaMemcpyDeviceToHost);
  cudaMemcpy(conf, d_conf, plane * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(d_left);
  cudaFree(d_right);
  cudaFree(d_fl);
  cudaFree(d_fr);
  cudaFree(d_cl);
  cudaFree(d_cr);
  cudaFree(d_cost);
  cudaFree(d_disp);
  cudaFree(d_conf);
}
