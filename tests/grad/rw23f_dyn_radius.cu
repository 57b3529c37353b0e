// cuad: --fn gauss_rows_adaptive --wrt img,sigma,out
// 1-D Gaussian along rows with a per-pixel sigma map (depth-of-field style): each thread
// derives its radius from its own sigma (ceil of 3 sigma, capped), so the loop bound is data
// dependent; the taps are computed inline and normalized by the running weight sum; the
// sigma read is clamped from below by overwriting the local value in a branch; samples past
// the row ends are skipped with continue (not clamped).
#include <cuda_runtime.h>

#define MAX_R 6

__global__ void gauss_rows_adaptive(const double* __restrict__ img, const double* __restrict__ sigma,
                                    int W, int H, double* __restrict__ out) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y;
  if (x >= W || y >= H) return;
  double s = sigma[y * W + x];
  if (s < 0.3) s = 0.3 + 0.1 * s;  // soft floor for tiny blurs
  int R = (int)ceil(3.0 * s);
  if (R > MAX_R) R = MAX_R;
  const double inv = 1.0 / (2.0 * s * s);
  double acc = 0.0, wsum = 0.0;
  for (int k = -R; k <= R; ++k) {
    const int xx = x + k;
    if (xx < 0 || xx >= W) continue;
    const double wk = exp(-(double)(k * k) * inv);
    acc += wk * img[y * W + xx];
    wsum += wk;
  }
  out[y * W + x] = acc / wsum;
}
