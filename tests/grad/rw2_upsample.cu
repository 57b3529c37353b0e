// cuad: --fn upsample_bilinear2d --wrt out,in
// Bilinear upsampling as in PyTorch (align_corners = false): one thread per output pixel in a
// grid-stride loop over N*C*OH*OW, source coordinates clamped at 0 with fmaxf, the upper
// neighbour clamped with a ternary, lambdas as interpolation weights.
__device__ __forceinline__ float area_pixel_src(float scale, int dst) {
  return fmaxf(scale * (dst + 0.5f) - 0.5f, 0.0f);
}

__global__ void upsample_bilinear2d(float* __restrict__ out, const float* __restrict__ in, int NC,
                                    int IH, int IW, int OH, int OW) {
  const float rh = (float)IH / OH;
  const float rw = (float)IW / OW;
  const int total = NC * OH * OW;
  for (int idx = blockIdx.x * blockDim.x + threadIdx.x; idx < total;
       idx += blockDim.x * gridDim.x) {
    const int ox = idx % OW;
    const int oy = (idx / OW) % OH;
    const int nc = idx / (OW * OH);
    const float hr = area_pixel_src(rh, oy);
    const int h1 = (int)hr;
    const int h1p = (h1 < IH - 1) ? 1 : 0;
    const float h1l = hr - h1;
    const float h0l = 1.0f - h1l;
    const float wr = area_pixel_src(rw, ox);
    const int w1 = (int)wr;
    const int w1p = (w1 < IW - 1) ? 1 : 0;
    const float w1l = wr - w1;
    const float w0l = 1.0f - w1l;
    const float* src = in + (size_t)nc * IH * IW;
    out[idx] = h0l * (w0l * src[h1 * IW + w1] + w1l * src[h1 * IW + w1 + w1p]) +
               h1l * (w0l * src[(h1 + h1p) * IW + w1] + w1l * src[(h1 + h1p) * IW + w1 + w1p]);
  }
}
