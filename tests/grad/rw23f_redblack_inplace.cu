// cuad: --fn smooth_inplace --wrt img,alpha
// In-place red-black relaxation of a data term plus smoothness (a screened Poisson smoother)
// on an image the caller passes and gets back overwritten: the host uploads it, keeps a copy
// of the data term, runs sweeps of two launches (red then black cells) that update the
// device image in place from their four neighbours, and copies the result back over the
// caller's array.
#include <cuda_runtime.h>

__global__ void rb_sweep(double* __restrict__ u, const double* __restrict__ f, int W, int H, double alpha,
                         int color) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= W || y >= H || ((x + y) & 1) != color) return;
  double nb = 0.0;
  int cnt = 0;
  if (x > 0) { nb += u[y * W + x - 1]; ++cnt; }
  if (x < W - 1) { nb += u[y * W + x + 1]; ++cnt; }
  if (y > 0) { nb += u[(y - 1) * W + x]; ++cnt; }
  if (y < H - 1) { nb += u[(y + 1) * W + x]; ++cnt; }
  const double target = (f[y * W + x] + alpha * nb) / (1.0 + alpha * cnt);
  u[y * W + x] = 0.2 * u[y * W + x] + 0.8 * tanh(target);
}

void smooth_inplace(double* img, int W, int H, double alpha, int sweeps) {
  double *d_u, *d_f;
  const size_t bytes = W * H * sizeof(double);
  cudaMalloc(&d_u, bytes);
  cudaMalloc(&d_f, bytes);
  cudaMemcpy(d_u, img, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(d_f, d_u, bytes, cudaMemcpyDeviceToDevice);
  const dim3 block(4, 4), grid((W + 3) / 4, (H + 3) / 4);
  for (int s = 0; s < sweeps; ++s) {
    rb_sweep<<<grid, block>>>(d_u, d_f, W, H, alpha, 0);
    rb_sweep<<<grid, block>>>(d_u, d_f, W, H, alpha, 1);
  }
  cudaMemcpy(img, d_u, bytes, cudaMemcpyDeviceToHost);
  cudaFree(d_u);
  cudaFree(d_f);
}
