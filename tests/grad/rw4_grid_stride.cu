// cuad: --fn gs_kernel --wrt y,x,p
// cuad: --fn gs2d_kernel --wrt out,img
// Grid-stride loops as libraries write them: the stride in a local, size_t and unsigned
// counters, `continue` for masked entries, and a 2-D grid-stride loop over an image.
__global__ void gs_kernel(double* y, const double* x, const double* p, size_t n) {
  const size_t stride = (size_t)gridDim.x * blockDim.x;
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += stride) {
    if (i % 5 == 3) continue;
    const double v = __ldg(x + i);
    y[i] = p[0] * v * v + p[1] * sin(v);
  }
}

__global__ void gs2d_kernel(float* out, const float* img, int w, int h) {
  for (unsigned r = blockIdx.y * blockDim.y + threadIdx.y; r < h; r += gridDim.y * blockDim.y) {
    for (unsigned c = blockIdx.x * blockDim.x + threadIdx.x; c < w; c += gridDim.x * blockDim.x) {
      const unsigned cl = c > 0 ? c - 1 : c;
      out[r * w + c] = img[r * w + c] * img[r * w + cl] + 0.5f * img[r * w + c];
    }
  }
}
