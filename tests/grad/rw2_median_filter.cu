// cuad: --fn median3x3 --wrt out,in
// 3x3 median filter (image denoising): a 2-D launch, clamp-to-edge neighbours gathered into a
// local array with a post-incremented counter, an insertion sort with a data-dependent
// `while` shifting elements, the middle element written. Double precision.
__global__ void median3x3(double* out, const double* in, int H, int W) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= W || y >= H) return;
  double v[9];
  int n = 0;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx) {
      const int yy = min(max(y + dy, 0), H - 1), xx = min(max(x + dx, 0), W - 1);
      v[n++] = in[yy * W + xx];
    }
  for (int i = 1; i < 9; ++i) {
    const double key = v[i];
    int j = i - 1;
    while (j >= 0 && v[j] > key) {
      v[j + 1] = v[j];
      --j;
    }
    v[j + 1] = key;
  }
  out[y * W + x] = v[4];
}
