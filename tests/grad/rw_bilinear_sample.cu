// cuad: --fn grid_sample --wrt out,img,coords
// Bilinear sampling (a spatial transformer's grid_sample): each thread reads a sample point,
// floorf gives the cell, four clamped taps are weighted; the gradient flows to the image
// (scattered) and to the coordinates (through the weights).
__device__ __forceinline__ float tap(const float* im, int x, int y, int w, int h) {
  return (x >= 0 && x < w && y >= 0 && y < h) ? im[y * w + x] : 0.0f;
}
__global__ void grid_sample(float* __restrict__ out, const float* __restrict__ img,
                            const float2* __restrict__ coords, int w, int h, int npts) {
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= npts) return;
  const float2 c = coords[p];
  const float fx = (c.x + 1.0f) * 0.5f * (w - 1);
  const float fy = (c.y + 1.0f) * 0.5f * (h - 1);
  const float x0f = floorf(fx), y0f = floorf(fy);
  const int x0 = (int)x0f, y0 = (int)y0f;
  const float ax = fx - x0f, ay = fy - y0f;
  const float v00 = tap(img, x0, y0, w, h), v10 = tap(img, x0 + 1, y0, w, h);
  const float v01 = tap(img, x0, y0 + 1, w, h), v11 = tap(img, x0 + 1, y0 + 1, w, h);
  out[p] = (1.0f - ay) * ((1.0f - ax) * v00 + ax * v10) + ay * ((1.0f - ax) * v01 + ax * v11);
}
