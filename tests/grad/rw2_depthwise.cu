// cuad: --fn depthwise_conv<3> --wrt out,in,filt
// Depthwise 3x3 convolution (MobileNet), NHWC layout with channels innermost: threadIdx.x over
// channels, blockIdx.x over output columns, blockIdx.y over output rows (2-D grid), the batch
// in a loop; the filter size is a template parameter and the window loops are unrolled;
// "same" padding, stride 1, a fused ReLU6 through fminf/fmaxf.
template <int KS>
__global__ void depthwise_conv(float* __restrict__ out, const float* __restrict__ in,
                               const float* __restrict__ filt, int N, int H, int W, int C) {
  const int c = threadIdx.x;
  const int ox = blockIdx.x;
  const int oy = blockIdx.y;
  if (c >= C) return;
  const int pad = KS / 2;
  for (int n = 0; n < N; ++n) {
    float acc = 0.0f;
#pragma unroll
    for (int ky = 0; ky < KS; ++ky) {
      const int iy = oy + ky - pad;
#pragma unroll
      for (int kx = 0; kx < KS; ++kx) {
        const int ix = ox + kx - pad;
        if (iy >= 0 && iy < H && ix >= 0 && ix < W)
          acc += in[((n * H + iy) * W + ix) * C + c] * filt[(ky * KS + kx) * C + c];
      }
    }
    out[((n * H + oy) * W + ox) * C + c] = fminf(fmaxf(acc, 0.0f), 6.0f);
  }
}
