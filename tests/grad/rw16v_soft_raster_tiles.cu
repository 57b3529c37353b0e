// cuad: --fn soft_rasterize --wrt tris,image
// cuad: --fn soft_rasterize
// A soft rasterizer (SoftRas-style) for 2-D screen-space triangles: a 2-D grid of 8x8
// pixel blocks, triangles staged through shared memory in tiles of TRI_TILE (every thread
// of the block loads, pixels outside the image still take part in the barriers), per pixel
// a loop over the tile with signed edge distances turned into a coverage probability by a
// product of three sigmoids, soft z-buffer weights exp((z_near - z) / gamma) normalised
// together with a background weight, a silhouette 1 - prod(1 - coverage), and RGB written
// as float4-like double4 plus an alpha plane. Triangles are structs with an array member
// (three double2 vertices), a depth and a double3 color. The second output also
// differentiates the parameters passed by value (a RasterParams struct and the background).
#include <cuda_runtime.h>

#define TRI_TILE 16
#define BLOCK_X 8
#define BLOCK_Y 8

struct Tri {
  double2 v[3];
  double z;
  double3 color;
};

struct RasterParams {
  double sigma;  // edge sharpness
  double gamma;  // depth temperature
  double z_near;
  double bg_weight;
};

__device__ __forceinline__ double sigmoid(double x) { return 1.0 / (1.0 + exp(-x)); }

// signed distance of p to the directed edge a->b (positive on the left, inside for CCW)
__device__ __forceinline__ double edge_distance(double2 a, double2 b, double2 p) {
  const double ex = b.x - a.x, ey = b.y - a.y;
  const double len = sqrt(ex * ex + ey * ey);
  return (ex * (p.y - a.y) - ey * (p.x - a.x)) / len;
}

__global__ void soft_rasterize(const Tri* __restrict__ tris, int n_tris, RasterParams rp,
                               double3 bg, int W, int H, double4* __restrict__ image) {
  __shared__ Tri s_tris[TRI_TILE];
  const int px = blockIdx.x * BLOCK_X + threadIdx.x;
  const int py = blockIdx.y * BLOCK_Y + threadIdx.y;
  const int tid = threadIdx.y * BLOCK_X + threadIdx.x;
  const bool valid = px < W && py < H;
  const double2 p = make_double2(px + 0.5, py + 0.5);

  double wsum = rp.bg_weight;
  double r = rp.bg_weight * bg.x, g = rp.bg_weight * bg.y, b = rp.bg_weight * bg.z;
  double miss = 1.0;  // prod (1 - coverage)
  for (int base = 0; base < n_tris; base += TRI_TILE) {
    if (tid < TRI_TILE && base + tid < n_tris) s_tris[tid] = tris[base + tid];
    __syncthreads();
    const int count = min(TRI_TILE, n_tris - base);
    if (valid) {
      for (int k = 0; k < count; ++k) {
        const Tri& t = s_tris[k];
        double cov = 1.0;
#pragma unroll
        for (int e = 0; e < 3; ++e) cov *= sigmoid(edge_distance(t.v[e], t.v[(e + 1) % 3], p) / rp.sigma);
        const double w = cov * exp((rp.z_near - t.z) / rp.gamma);
        wsum += w;
        r += w * t.color.x;
        g += w * t.color.y;
        b += w * t.color.z;
        miss *= 1.0 - cov;
      }
    }
    __syncthreads();  // the tile is overwritten next
  }
  if (valid) image[py * W + px] = make_double4(r / wsum, g / wsum, b / wsum, 1.0 - miss);
}
