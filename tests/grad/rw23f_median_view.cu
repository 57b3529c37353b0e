// cuad: --fn median3x3_unsharp --wrt src,amount,dst
// A 3x3 median (a compare-exchange sorting network on a local array, fminf/fmaxf swaps)
// followed by unsharp masking against the median: dst = src + amount * (src - median).
// The image is reached through a small view struct (pointer, size, pitch in elements) with
// a clamp-to-edge accessor method, passed to the kernel by value.
#include <cuda_runtime.h>

struct ImageView {
  const float* data;
  int width, height, stride;
  __device__ float at(int x, int y) const {
    x = min(max(x, 0), width - 1);
    y = min(max(y, 0), height - 1);
    return data[y * stride + x];
  }
};

__device__ __forceinline__ void cswap(float& a, float& b) {
  const float lo = fminf(a, b);
  const float hi = fmaxf(a, b);
  a = lo;
  b = hi;
}

__device__ float median9(float* v) {
  // Paeth's 19-exchange median network
  cswap(v[1], v[2]); cswap(v[4], v[5]); cswap(v[7], v[8]);
  cswap(v[0], v[1]); cswap(v[3], v[4]); cswap(v[6], v[7]);
  cswap(v[1], v[2]); cswap(v[4], v[5]); cswap(v[7], v[8]);
  cswap(v[0], v[3]); cswap(v[5], v[8]); cswap(v[4], v[7]);
  cswap(v[3], v[6]); cswap(v[1], v[4]); cswap(v[2], v[5]);
  cswap(v[4], v[7]); cswap(v[4], v[2]); cswap(v[6], v[4]);
  cswap(v[4], v[2]);
  return v[4];
}

__global__ void median3x3_unsharp(ImageView src, float amount, float* __restrict__ dst, int dst_stride) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= src.width || y >= src.height) return;
  float win[9];
  int k = 0;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx) win[k++] = src.at(x + dx, y + dy);
  const float med = median9(win);
  const float c = src.at(x, y);
  dst[y * dst_stride + x] = c + amount * (c - med);
}
