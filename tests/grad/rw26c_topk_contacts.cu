// cuad: --fn topk_contact_cost --wrt pts,heights,cost
// cuad: fwd --fn topk_contact_cost --wrt pts,heights,cost
// Keeps only the K deepest contacts of each body (a contact-reduction step of a physics
// engine), one block per body, one thread per candidate contact point: each thread computes
// its penetration into a height-field (bilinear interpolation of a small grid) and the block
// sorts the (depth, index) pairs in __shared__ memory with a bitonic network (compare-and-
// swap steps separated by __syncthreads). The first K entries then give a penalty energy and
// a depth-weighted contact centroid, which thread 0 writes as the body's cost.
#include <cuda_runtime.h>

#define NPTS 64
#define TOPK 6
#define GRID 6

__device__ double terrain_height(const double* __restrict__ h, double x, double y) {
  const double gx = x * (GRID - 1), gy = y * (GRID - 1);
  const int ix = min(max((int)floor(gx), 0), GRID - 2), iy = min(max((int)floor(gy), 0), GRID - 2);
  const double fx = gx - ix, fy = gy - iy;
  return (1 - fx) * (1 - fy) * h[iy * GRID + ix] + fx * (1 - fy) * h[iy * GRID + ix + 1] +
         (1 - fx) * fy * h[(iy + 1) * GRID + ix] + fx * fy * h[(iy + 1) * GRID + ix + 1];
}

__global__ void topk_contact_cost(const double* __restrict__ pts, const double* __restrict__ heights,
                                  double stiffness, double* __restrict__ cost) {
  __shared__ double s_depth[NPTS];
  __shared__ int s_idx[NPTS];
  const int b = blockIdx.x, t = threadIdx.x;
  const double* p = pts + 3 * (b * NPTS + t);
  s_depth[t] = terrain_height(heights, p[0], p[1]) - p[2];
  s_idx[t] = t;
  __syncthreads();
  for (int k = 2; k <= NPTS; k <<= 1) {
    for (int j = k >> 1; j > 0; j >>= 1) {
      const int partner = t ^ j;
      if (partner > t) {
        const bool descending = (t & k) == 0;
        const double a = s_depth[t], c = s_depth[partner];
        if ((a < c) == descending) {
          s_depth[t] = c;
          s_depth[partner] = a;
          const int ti = s_idx[t];
          s_idx[t] = s_idx[partner];
          s_idx[partner] = ti;
        }
      }
      __syncthreads();
    }
  }
  if (t == 0) {
    double energy = 0.0, cx = 0.0, cy = 0.0, wsum = 0.0;
    for (int r = 0; r < TOPK; ++r) {
      const double d = s_depth[r];
      const double* q = pts + 3 * (b * NPTS + s_idx[r]);
      const double wgt = log1p(exp(8.0 * d)) / 8.0;
      energy += 0.5 * stiffness * wgt * wgt;
      cx += wgt * q[0];
      cy += wgt * q[1];
      wsum += wgt;
    }
    cost[b] = energy + (cx * cx + cy * cy) / (wsum * wsum);
  }
}
