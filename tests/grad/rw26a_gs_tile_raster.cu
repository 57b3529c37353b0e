// cuad: --fn rasterize_tiles --wrt means2d,conic_opacity,rgb,bg,out_img,out_T
// cuad: fwd --fn rasterize_tiles --wrt means2d,conic_opacity,rgb,bg,out_img,out_T
// The forward rasterizer of 3-D Gaussian splatting, one block per 8x4 pixel tile (one warp),
// double precision for a gradient-check build. Each tile owns a depth-sorted range of the
// point list (uint2 ranges). The block walks its range in batches: __syncthreads_or over the
// pixels still accumulating ends the walk early; each thread fetches one Gaussian into a
// shared array of structs (a 2-D mean, the conic/opacity as double4 and the id), the pixels
// blend the batch front to back (power > 0 and alpha < 1/255 skipped, alpha clamped at 0.99,
// a break once the transmittance would drop below 1e-4), and a trailing __syncthreads
// protects the batch. Colors are accumulated in a double3 through user operators; the
// image, the final transmittance and the number of contributors are written per pixel.
#include <cuda_runtime.h>

#define TILE_W 8
#define TILE_H 4
#define TILE_N (TILE_W * TILE_H)

__device__ inline double2 operator-(double2 a, double2 b) { return make_double2(a.x - b.x, a.y - b.y); }
__device__ inline double3 operator+(double3 a, double3 b) { return make_double3(a.x + b.x, a.y + b.y, a.z + b.z); }
__device__ inline double3 operator*(double s, double3 a) { return make_double3(s * a.x, s * a.y, s * a.z); }
__device__ inline void operator+=(double3& a, double3 b) {
  a.x += b.x;
  a.y += b.y;
  a.z += b.z;
}

struct SplatRef {
  double2 xy;
  double4 con_o;  // conic (a, b, c) and opacity
  int id;
};

__device__ inline double gauss_power(const SplatRef& s, double2 pix) {
  const double2 d = s.xy - pix;
  return -0.5 * (s.con_o.x * d.x * d.x + s.con_o.z * d.y * d.y) - s.con_o.y * d.x * d.y;
}

__global__ void __launch_bounds__(TILE_N)
    rasterize_tiles(const uint2* __restrict__ tile_ranges, const int* __restrict__ point_list, int W, int H,
                    const double2* __restrict__ means2d, const double4* __restrict__ conic_opacity,
                    const double3* __restrict__ rgb, double3 bg, double3* __restrict__ out_img,
                    double* __restrict__ out_T, int* __restrict__ n_contrib) {
  __shared__ SplatRef batch[TILE_N];
  const int rank = threadIdx.y * TILE_W + threadIdx.x;
  const int px = blockIdx.x * TILE_W + threadIdx.x, py = blockIdx.y * TILE_H + threadIdx.y;
  const bool inside = px < W && py < H;
  const double2 pix = make_double2((double)px, (double)py);
  const uint2 range = tile_ranges[blockIdx.y * gridDim.x + blockIdx.x];

  double T = 1.0;
  double3 C = make_double3(0.0, 0.0, 0.0);
  int contributors = 0;
  bool done = !inside;
  for (int start = (int)range.x; start < (int)range.y; start += TILE_N) {
    if (!__syncthreads_or(!done)) break;
    const int k = start + rank;
    if (k < (int)range.y) {
      const int g = point_list[k];
      batch[rank].xy = means2d[g];
      batch[rank].con_o = conic_opacity[g];
      batch[rank].id = g;
    }
    __syncthreads();
    const int count = min(TILE_N, (int)range.y - start);
    for (int j = 0; j < count; ++j) {
      if (done) break;
      const double power = gauss_power(batch[j], pix);
      if (power > 0.0) continue;
      const double alpha = fmin(0.99, batch[j].con_o.w * exp(power));
      if (alpha < 1.0 / 255.0) continue;
      const double next_T = T * (1.0 - alpha);
      if (next_T < 1e-4) {
        done = true;
        break;
      }
      C += (alpha * T) * rgb[batch[j].id];
      T = next_T;
      ++contributors;
    }
    __syncthreads();
  }
  if (inside) {
    const int pid = py * W + px;
    out_img[pid] = C + T * bg;
    out_T[pid] = T;
    n_contrib[pid] = contributors;
  }
}
