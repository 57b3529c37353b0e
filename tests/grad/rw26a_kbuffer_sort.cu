// cuad: --fn kbuffer_composite<4> --wrt means,log_sigma,opacity,depth,colors,out_rgb,out_depth
// cuad: fwd --fn kbuffer_composite<4> --wrt means,log_sigma,opacity,depth,colors,out_rgb,out_depth
// Order-independent splat compositing with a per-pixel K-buffer (double): one thread per pixel
// visits every isotropic 2-D Gaussian splat in submission order, skips those whose alpha at
// the pixel is below a cutoff, and keeps the K nearest fragments in a local array of structs
// sorted by depth: a full buffer drops a fragment behind its last entry, otherwise an insertion
// step shifts deeper fragments one slot back (struct copies in a while loop with a
// data-dependent trip count) and stores the new one. The kept fragments are then composited
// front to back into a color (plus background) and an expected depth.
#include <cuda_runtime.h>

struct Frag {
  double depth;
  double alpha;
  double3 color;
};

template <int K>
__global__ void kbuffer_composite(const double2* __restrict__ means, const double* __restrict__ log_sigma,
                                  const double* __restrict__ opacity, const double* __restrict__ depth,
                                  const double3* __restrict__ colors, int n, int W, int H, double3 bg,
                                  double3* __restrict__ out_rgb, double* __restrict__ out_depth,
                                  int* __restrict__ out_count) {
  const int px = blockIdx.x * blockDim.x + threadIdx.x, py = blockIdx.y * blockDim.y + threadIdx.y;
  if (px >= W || py >= H) return;
  Frag buf[K];
  int count = 0;
  for (int g = 0; g < n; ++g) {
    const double dx = px - means[g].x, dy = py - means[g].y;
    const double inv_s2 = exp(-2.0 * log_sigma[g]);
    const double alpha = opacity[g] * exp(-0.5 * (dx * dx + dy * dy) * inv_s2);
    if (alpha < 0.01) continue;
    const double z = depth[g];
    if (count == K && z >= buf[K - 1].depth) continue;
    int j = count < K ? count : K - 1;
    while (j > 0 && buf[j - 1].depth > z) {
      buf[j] = buf[j - 1];
      --j;
    }
    buf[j].depth = z;
    buf[j].alpha = alpha;
    buf[j].color = colors[g];
    if (count < K) ++count;
  }
  double T = 1.0, r = 0.0, gg = 0.0, b = 0.0, d = 0.0;
  for (int k = 0; k < count; ++k) {
    const double w = T * buf[k].alpha;
    r += w * buf[k].color.x;
    gg += w * buf[k].color.y;
    b += w * buf[k].color.z;
    d += w * buf[k].depth;
    T *= 1.0 - buf[k].alpha;
  }
  const int pid = py * W + px;
  out_rgb[pid] = make_double3(r + T * bg.x, gg + T * bg.y, b + T * bg.z);
  out_depth[pid] = d;
  out_count[pid] = count;
}

template __global__ void kbuffer_composite<4>(const double2*, const double*, const double*, const double*,
                                              const double3*, int, int, int, double3, double3*, double*, int*);
