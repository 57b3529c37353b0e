// Kernels for the accumulation-strategy micro-benchmark (issue: race-free adjoints).
__global__ void scale(float* out, const float* in, float val, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i] * val;
}

// A 2-D image kernel: row * width + col with row and col from different grid dimensions.
__global__ void shade(float* out, const float* img, float gain, int width, int height) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (col < width && row < height) {
    int idx = row * width + col;
    out[idx] = gain * img[idx] * img[idx];
  }
}
