// cuad: --fn maxpool2d_fwd --wrt out,x
// cuad: --fn avgpool2d_fwd --wrt out,x
// 2x2/stride-2 max pooling that also records the argmax (int output), and 3x3/stride-1
// average pooling with padding 1 and count_include_pad=false (the divisor varies at borders).
__global__ void maxpool2d_fwd(double* out, int* argmax, const double* x, int C, int H, int W) {
  const int Ho = H / 2, Wo = W / 2;
  const int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx >= C * Ho * Wo) return;
  const int ow = idx % Wo, oh = (idx / Wo) % Ho, c = idx / (Wo * Ho);
  const double* xc = x + c * H * W;
  int best = (2 * oh) * W + 2 * ow;
  double m = xc[best];
  for (int dh = 0; dh < 2; ++dh)
    for (int dw = 0; dw < 2; ++dw) {
      const int p = (2 * oh + dh) * W + 2 * ow + dw;
      if (xc[p] > m) {
        m = xc[p];
        best = p;
      }
    }
  out[idx] = m;
  argmax[idx] = best;
}

__global__ void avgpool2d_fwd(double* out, const double* x, int C, int H, int W) {
  const int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx >= C * H * W) return;
  const int ow = idx % W, oh = (idx / W) % H, c = idx / (W * H);
  double s = 0.0;
  int cnt = 0;
  for (int dh = -1; dh <= 1; ++dh) {
    const int ih = oh + dh;
    if (ih < 0 || ih >= H) continue;
    for (int dw = -1; dw <= 1; ++dw) {
      const int iw = ow + dw;
      if (iw < 0 || iw >= W) continue;
      s += x[(c * H + ih) * W + iw];
      ++cnt;
    }
  }
  out[idx] = s / cnt;
}
