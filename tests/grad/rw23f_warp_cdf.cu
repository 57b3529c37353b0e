// cuad: --fn equalize_tiles --wrt img,out
// cuad: fwd --fn equalize_tiles --wrt img,out
// Contrast-limited, CLAHE-like soft equalization per tile, one warp per tile: each lane owns
// one of 32 intensity bins; the tile's pixels are looped over by every lane, each adding a
// logistic soft-assignment to its bin; the excess above a clip limit is smoothly clipped
// (softplus) and redistributed evenly (a warp sum with __shfl_xor_sync); the CDF is an
// inclusive warp scan with __shfl_up_sync; lanes then map the tile's pixels by linear
// interpolation of the CDF, reading neighbouring lanes' CDF values through __shfl_sync.
#include <cuda_runtime.h>

#define NB 32
#define FULL 0xffffffffu

__device__ __forceinline__ double soft_bin(double v, int b) {
  // smooth indicator of v in [b/NB, (b+1)/NB)
  const double lo = (double)b / NB, hi = (double)(b + 1) / NB, k = 40.0;
  return 1.0 / (1.0 + exp(-k * (v - lo))) - 1.0 / (1.0 + exp(-k * (v - hi)));
}

__device__ __forceinline__ double softplus(double v) { return v > 20.0 ? v : log1p(exp(v)); }

__global__ void equalize_tiles(const double* __restrict__ img, double* __restrict__ out, int tile_px,
                               double clip) {
  const int lane = threadIdx.x;
  const double* t = img + blockIdx.x * tile_px;
  double* o = out + blockIdx.x * tile_px;
  double h = 0.0;
  for (int i = 0; i < tile_px; ++i) h += soft_bin(t[i], lane);
  const double clipped = clip - softplus(clip - h);  // soft min(h, clip)
  double excess = h - clipped;
  for (int off = 16; off > 0; off >>= 1) excess += __shfl_xor_sync(FULL, excess, off);
  double c = clipped + excess / NB;
  for (int off = 1; off < 32; off <<= 1) {
    const double up = __shfl_up_sync(FULL, c, off);
    if (lane >= off) c += up;
  }
  const double total = __shfl_sync(FULL, c, NB - 1);
  const double cdf = c / total;
  for (int i = lane; i < tile_px; i += 32) {
    const double v = t[i];
    const double pos = v * NB - 0.5;
    int b = (int)floor(pos);
    b = min(max(b, 0), NB - 2);
    const double fr = pos - b;
    // every lane asks for the bin its pixel needs
    const double c0 = __shfl_sync(FULL, cdf, b);
    const double c1 = __shfl_sync(FULL, cdf, b + 1);
    o[i] = c0 + fr * (c1 - c0);
  }
}
