// cuad: --fn conv2d_fwd --wrt out,in,weight,bias
// Direct 2-D convolution NCHW with zero padding and stride (one thread per output pixel): a
// 2-D grid over the output plane (blockIdx.x/threadIdx.x over columns, blockIdx.y/threadIdx.y
// over rows), blockIdx.z over batch * out_channels, bounds checks on the padded window.
__global__ void conv2d_fwd(float* __restrict__ out, const float* __restrict__ in,
                           const float* __restrict__ weight, const float* __restrict__ bias,
                           int N, int C, int H, int W, int K, int R, int S, int stride, int pad,
                           int OH, int OW) {
  const int ow = blockIdx.x * blockDim.x + threadIdx.x;
  const int oh = blockIdx.y * blockDim.y + threadIdx.y;
  const int nk = blockIdx.z;
  if (ow >= OW || oh >= OH) return;
  const int n = nk / K;
  const int k = nk % K;
  float acc = bias[k];
  for (int c = 0; c < C; ++c) {
    for (int r = 0; r < R; ++r) {
      const int ih = oh * stride - pad + r;
      if (ih < 0 || ih >= H) continue;
      for (int s = 0; s < S; ++s) {
        const int iw = ow * stride - pad + s;
        if (iw < 0 || iw >= W) continue;
        acc += in[((n * C + c) * H + ih) * W + iw] * weight[((k * C + c) * R + r) * S + s];
      }
    }
  }
  out[((n * K + k) * OH + oh) * OW + ow] = acc;
}
