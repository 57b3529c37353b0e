// cuad: --fn grid_sample_bilinear --wrt image,grid,out
// cuad: fwd --fn grid_sample_bilinear --wrt image,grid,out
// Written for cuad in the style of a spatial-transformer / grid_sample kernel: normalized
// sampling coordinates read as float2 through reinterpret_cast of a `const float* __restrict__`
// grid, image taps through __ldg, align_corners=false unnormalization, floorf corners with
// zero padding outside the image (a `__device__` tap helper), channels looped inside the
// thread; the adjoint scatters into the image (several samples share a tap) and flows into the
// coordinates.
__device__ __forceinline__ float tap(const float* __restrict__ img, int x, int y, int W, int H) {
  return (x >= 0 && x < W && y >= 0 && y < H) ? __ldg(&img[y * W + x]) : 0.0f;
}

__global__ void grid_sample_bilinear(const float* __restrict__ image,
                                     const float* __restrict__ grid, float* __restrict__ out,
                                     int C, int H, int W, int n_samples) {
  const int s = blockIdx.x * blockDim.x + threadIdx.x;
  if (s >= n_samples) return;
  const float2 g = reinterpret_cast<const float2*>(grid)[s];
  const float fx = ((g.x + 1.0f) * W - 1.0f) * 0.5f;
  const float fy = ((g.y + 1.0f) * H - 1.0f) * 0.5f;
  const float x0f = floorf(fx), y0f = floorf(fy);
  const int x0 = (int)x0f, y0 = (int)y0f;
  const float ax = fx - x0f, ay = fy - y0f;
  for (int c = 0; c < C; ++c) {
    const float* img = image + c * H * W;
    const float top = (1.0f - ax) * tap(img, x0, y0, W, H) + ax * tap(img, x0 + 1, y0, W, H);
    const float bot = (1.0f - ax) * tap(img, x0, y0 + 1, W, H) + ax * tap(img, x0 + 1, y0 + 1, W, H);
    out[c * n_samples + s] = (1.0f - ay) * top + ay * bot;
  }
}
