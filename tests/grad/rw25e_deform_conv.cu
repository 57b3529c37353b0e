// cuad: --fn modulated_deform_conv2d<3> --wrt input,offset,mask_logit,weight,bias,out
// cuad: --fn dmcn_bilinear
// Modulated deformable convolution (DCNv2), fused im2col + GEMM in one kernel, single
// precision, as mmcv/torchvision write it: one thread per output (channel, y, x); for every
// kernel tap the offset tensor [2*K*K][Ho][Wo] moves the sample point, the modulation mask
// [K*K][Ho][Wo] is a sigmoid of a logit, and the input is sampled bilinearly with mmcv's
// dmcn_im2col_bilinear (each of the four corners read only when inside the image, the whole
// sample zero when the point leaves the (-1, H) x (-1, W) band). Geometry in a struct by value.
#include <cuda_runtime.h>

struct ConvGeom {
  int Cin, Cout;
  int H, W;
  int Ho, Wo;
  int stride, pad, dil;
};

__host__ __device__ float dmcn_bilinear(const float* data, int H, int W, float h, float w) {
  const int h_low = (int)floorf(h);
  const int w_low = (int)floorf(w);
  const int h_high = h_low + 1;
  const int w_high = w_low + 1;
  const float lh = h - h_low;
  const float lw = w - w_low;
  const float hh = 1.0f - lh, hw = 1.0f - lw;
  float v1 = 0.0f;
  if (h_low >= 0 && w_low >= 0) v1 = data[h_low * W + w_low];
  float v2 = 0.0f;
  if (h_low >= 0 && w_high <= W - 1) v2 = data[h_low * W + w_high];
  float v3 = 0.0f;
  if (h_high <= H - 1 && w_low >= 0) v3 = data[h_high * W + w_low];
  float v4 = 0.0f;
  if (h_high <= H - 1 && w_high <= W - 1) v4 = data[h_high * W + w_high];
  const float w1 = hh * hw, w2 = hh * lw, w3 = lh * hw, w4 = lh * lw;
  return w1 * v1 + w2 * v2 + w3 * v3 + w4 * v4;
}

__device__ __forceinline__ float sigmoidf(float x) { return 1.0f / (1.0f + expf(-x)); }

template <int K>
__global__ void modulated_deform_conv2d(const float* __restrict__ input,
                                        const float* __restrict__ offset,
                                        const float* __restrict__ mask_logit,
                                        const float* __restrict__ weight,
                                        const float* __restrict__ bias, ConvGeom g,
                                        float* __restrict__ out) {
  const int tid = blockIdx.x * blockDim.x + threadIdx.x;
  const int plane = g.Ho * g.Wo;
  if (tid >= g.Cout * plane) return;
  const int co = tid / plane;
  const int p = tid % plane;
  const int ho = p / g.Wo, wo = p % g.Wo;

  // Sample positions and modulation for the K*K taps, shared by all input channels.
  float hs[K * K], ws[K * K], ms[K * K];
#pragma unroll
  for (int i = 0; i < K; ++i) {
#pragma unroll
    for (int j = 0; j < K; ++j) {
      const int t = i * K + j;
      const float off_h = offset[(2 * t) * plane + p];
      const float off_w = offset[(2 * t + 1) * plane + p];
      hs[t] = ho * g.stride - g.pad + i * g.dil + off_h;
      ws[t] = wo * g.stride - g.pad + j * g.dil + off_w;
      ms[t] = sigmoidf(mask_logit[t * plane + p]);
    }
  }

  float acc = bias[co];
  for (int ci = 0; ci < g.Cin; ++ci) {
    const float* chan = input + ci * g.H * g.W;
    const float* wk = weight + (co * g.Cin + ci) * K * K;
    for (int t = 0; t < K * K; ++t) {
      float val = 0.0f;
      if (hs[t] > -1.0f && ws[t] > -1.0f && hs[t] < g.H && ws[t] < g.W)
        val = dmcn_bilinear(chan, g.H, g.W, hs[t], ws[t]);
      acc += wk[t] * ms[t] * val;
    }
  }
  out[tid] = acc;
}
