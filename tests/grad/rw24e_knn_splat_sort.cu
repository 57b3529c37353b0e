// cuad: --fn splat_knn --wrt means,depth,log_scale,opacity,color,img,exp_depth
// cuad: fwd --fn splat_knn --wrt means,depth,log_scale,opacity,color,img,exp_depth
// Per-pixel sorted lists of 2-D Gaussians (a software splatting renderer without tiles, double
// precision): each pixel scans all isotropic Gaussians, keeps the K nearest in depth among
// those whose 3-sigma disc covers it with an insertion sort into local arrays (depth keys and
// ids shifted together, the farthest dropped once the list is full), then composites its
// list front to back. The expected depth reads the sorted local depth keys, so depth
// adjoints flow through the values moved by the sort. Outputs: RGB image and expected depth.
#include <cuda_runtime.h>

#define KMAX 6

__device__ __forceinline__ double gauss_r2(const double* means, const double* log_scale, int g, double px, double py) {
  const double dx = px - means[2 * g], dy = py - means[2 * g + 1];
  const double inv_s = exp(-log_scale[g]);
  return (dx * dx + dy * dy) * inv_s * inv_s;
}

__global__ void splat_knn(const double* __restrict__ means, const double* __restrict__ depth,
                          const double* __restrict__ log_scale, const double* __restrict__ opacity,
                          const double* __restrict__ color, int n, int W, int H, double* __restrict__ img,
                          double* __restrict__ exp_depth) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= W || y >= H) return;
  const double px = x + 0.5, py = y + 0.5;

  double key[KMAX];
  int id[KMAX];
  int cnt = 0;
  for (int g = 0; g < n; ++g) {
    if (gauss_r2(means, log_scale, g, px, py) > 9.0) continue;
    const double z = depth[g];
    int pos;
    if (cnt < KMAX) {
      pos = cnt++;
    } else if (z < key[KMAX - 1]) {
      pos = KMAX - 1;
    } else {
      continue;
    }
    while (pos > 0 && key[pos - 1] > z) {
      key[pos] = key[pos - 1];
      id[pos] = id[pos - 1];
      --pos;
    }
    key[pos] = z;
    id[pos] = g;
  }

  double T = 1.0, d = 0.0;
  double rgb[3] = {0.0, 0.0, 0.0};
  for (int k = 0; k < cnt; ++k) {
    const int g = id[k];
    const double alpha = opacity[g] * exp(-0.5 * gauss_r2(means, log_scale, g, px, py));
    const double wgt = T * alpha;
    for (int c = 0; c < 3; ++c) rgb[c] += wgt * color[3 * g + c];
    d += wgt * key[k];
    T *= 1.0 - alpha;
  }
  const int pix = y * W + x;
  for (int c = 0; c < 3; ++c) img[3 * pix + c] = rgb[c];
  exp_depth[pix] = d + T * 10.0;
}
