// Direct 2-D convolution (NCHW, stride 1, zero padding) and 2x2 max pooling that records
// the argmax for the backward pass.
struct ConvShape {
  int N, C, H, W; // input
  int K, R, S;    // filters: K output channels, R x S window
  int pad;
};

__global__ void conv2d_nchw(const float *in, const float *filt, const float *bias, float *out,
                            ConvShape s) {
  int ow = blockIdx.x * blockDim.x + threadIdx.x;
  int oh = blockIdx.y * blockDim.y + threadIdx.y;
  int nk = blockIdx.z;
  int n = nk / s.K, k = nk % s.K;
  int OH = s.H + 2 * s.pad - s.R + 1;
  int OW = s.W + 2 * s.pad - s.S + 1;
  if (oh >= OH || ow >= OW)
    return;
  float acc = bias[k];
  for (int c = 0; c < s.C; ++c)
    for (int r = 0; r < s.R; ++r)
      for (int q = 0; q < s.S; ++q) {
        int ih = oh + r - s.pad, iw = ow + q - s.pad;
        if (ih < 0 || iw < 0 || ih >= s.H || iw >= s.W)
          continue;
        acc += in[((n * s.C + c) * s.H + ih) * s.W + iw] *
               filt[((k * s.C + c) * s.R + r) * s.S + q];
      }
  out[((n * s.K + k) * OH + oh) * OW + ow] = acc;
}

__global__ void maxpool2x2(const float *in, float *out, int *argmax, int planes, int H, int W) {
  int OW = W / 2, OH = H / 2;
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx >= planes * OH * OW)
    return;
  int ow = idx % OW, oh = (idx / OW) % OH, p = idx / (OW * OH);
  const float *plane = in + (long)p * H * W;
  int best = (2 * oh) * W + 2 * ow;
  for (int dy = 0; dy < 2; ++dy)
    for (int dx = 0; dx < 2; ++dx) {
      int j = (2 * oh + dy) * W + (2 * ow + dx);
      if (plane[j] > plane[best])
        best = j;
    }
  out[idx] = plane[best];
  argmax[idx] = best;
}

void conv_forward(const float *d_in, const float *d_f, const float *d_b, float *d_out,
                  ConvShape s) {
  int OH = s.H + 2 * s.pad - s.R + 1, OW = s.W + 2 * s.pad - s.S + 1;
  dim3 block(16, 16, 1);
  dim3 grid((OW + 15) / 16, (OH + 15) / 16, s.N * s.K);
  conv2d_nchw<<<grid, block>>>(d_in, d_f, d_b, d_out, s);
}
