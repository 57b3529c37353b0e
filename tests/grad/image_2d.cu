// cuad: --fn blur_x --wrt dst,src
// 2-D image kernel: 2-D grid and block, row * width + col indexing, clamped borders.
__global__ void blur_x(double* dst, const double* src, int width, int height) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (col < width && row < height) {
    int idx = row * width + col;
    double l = col > 0 ? src[idx - 1] : src[idx];
    double r = col < width - 1 ? src[idx + 1] : src[idx];
    dst[idx] = (l + 2.0 * src[idx] + r) * 0.25 * src[idx];
  }
}
