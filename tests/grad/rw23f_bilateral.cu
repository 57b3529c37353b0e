// cuad: --fn bilateral_filter --wrt img,p,out
// Bilateral filter with learnable spatial and range widths (a struct passed by value), one
// thread per pixel on a 2-D grid of 2-D blocks, clamp-to-edge neighbourhood, normalized by
// the sum of weights. The radius is an int field of the same struct.
#include <cuda_runtime.h>

struct BilateralParams {
  double sigma_s;
  double sigma_r;
  int radius;
};

__device__ inline int clamp_edge(int v, int n) { return v < 0 ? 0 : (v >= n ? n - 1 : v); }

__device__ double range_kernel(double a, double b, double inv2sr2) {
  const double d = a - b;
  return exp(-d * d * inv2sr2);
}

__global__ void bilateral_filter(const double* __restrict__ img, double* __restrict__ out, int W,
                                 int H, BilateralParams p) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= W || y >= H) return;
  const double center = img[y * W + x];
  const double inv2ss2 = 1.0 / (2.0 * p.sigma_s * p.sigma_s);
  const double inv2sr2 = 1.0 / (2.0 * p.sigma_r * p.sigma_r);
  double num = 0.0, den = 0.0;
  for (int dy = -p.radius; dy <= p.radius; ++dy) {
    const int yy = clamp_edge(y + dy, H);
    for (int dx = -p.radius; dx <= p.radius; ++dx) {
      const int xx = clamp_edge(x + dx, W);
      const double v = img[yy * W + xx];
      const double ws = exp(-(double)(dx * dx + dy * dy) * inv2ss2);
      const double wgt = ws * range_kernel(v, center, inv2sr2);
      num += wgt * v;
      den += wgt;
    }
  }
  out[y * W + x] = num / den;
}
