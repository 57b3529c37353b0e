// cuad: --fn softras_forward --wrt tris,rgb,alpha
// cuad: fwd --fn softras_forward --wrt tris,rgb,alpha
// SoftRas-style soft rasterizer for screen-space triangles (single precision, one thread per
// pixel on a 2-D grid). Each face is a struct with a float2 vertex array field, per-vertex
// colors in a float3 array field and a depth. For a pixel, faces whose (inflated) bounding
// box misses the pixel are culled; for the rest a helper returns a Bary struct (barycentric
// weights from edge functions, signed area), the coverage is the product of three sigmoids of
// the signed pixel-to-edge distances (orientation from the sign of the area), the color is
// interpolated with the unclamped barycentrics, and faces are aggregated with a depth softmax
// (max-subtracted, with a background logit). The silhouette is 1 - prod(1 - D).
#include <cuda_runtime.h>

struct Tri2D {
  float2 v[3];
  float3 c[3];
  float depth;
};

struct RasterParams {
  int width, height;
  float sigma;      // edge softness in pixels
  float gamma;      // depth temperature
  float bg_logit;   // background's depth logit
  float cull;       // bounding-box margin in pixels
  float3 background;
};

struct Bary {
  float w[3];
  float area;
};

__device__ __forceinline__ float edge_fn(float2 a, float2 b, float2 p) {
  return (p.x - a.x) * (b.y - a.y) - (p.y - a.y) * (b.x - a.x);
}

__device__ Bary barycentric(const Tri2D& t, float2 p) {
  Bary b;
  b.area = edge_fn(t.v[0], t.v[1], t.v[2]);
  const float inv = 1.0f / b.area;
  b.w[0] = edge_fn(t.v[1], t.v[2], p) * inv;
  b.w[1] = edge_fn(t.v[2], t.v[0], p) * inv;
  b.w[2] = 1.0f - b.w[0] - b.w[1];
  return b;
}

__device__ __forceinline__ float edge_distance(float2 a, float2 b, float2 p) {
  const float ex = b.x - a.x, ey = b.y - a.y;
  return edge_fn(a, b, p) * rsqrtf(ex * ex + ey * ey);
}

__device__ __forceinline__ float sigmoidf(float x) { return 1.0f / (1.0f + __expf(-x)); }

__global__ void softras_forward(const Tri2D* __restrict__ tris, int n_tris, RasterParams P,
                                float* __restrict__ rgb, float* __restrict__ alpha) {
  const int px = blockIdx.x * blockDim.x + threadIdx.x;
  const int py = blockIdx.y * blockDim.y + threadIdx.y;
  if (px >= P.width || py >= P.height) return;
  const float2 p = make_float2(px + 0.5f, py + 0.5f);

  float zmax = P.bg_logit;
  for (int f = 0; f < n_tris; ++f) zmax = fmaxf(zmax, 1.0f - tris[f].depth);

  float wsum = __expf((P.bg_logit - zmax) / P.gamma);
  float acc[3] = {wsum * P.background.x, wsum * P.background.y, wsum * P.background.z};
  float empty = 1.0f;
  for (int f = 0; f < n_tris; ++f) {
    const Tri2D t = tris[f];
    const float xmin = fminf(t.v[0].x, fminf(t.v[1].x, t.v[2].x)) - P.cull;
    const float xmax = fmaxf(t.v[0].x, fmaxf(t.v[1].x, t.v[2].x)) + P.cull;
    const float ymin = fminf(t.v[0].y, fminf(t.v[1].y, t.v[2].y)) - P.cull;
    const float ymax = fmaxf(t.v[0].y, fmaxf(t.v[1].y, t.v[2].y)) + P.cull;
    if (p.x < xmin || p.x > xmax || p.y < ymin || p.y > ymax) continue;
    const Bary b = barycentric(t, p);
    const float s = b.area > 0.0f ? 1.0f : -1.0f;
    float D = 1.0f;
    for (int k = 0; k < 3; ++k) {
      const float d = edge_distance(t.v[(k + 1) % 3], t.v[(k + 2) % 3], p);
      D *= sigmoidf(s * d / P.sigma);
    }
    empty *= 1.0f - D;
    const float w = D * __expf((1.0f - t.depth - zmax) / P.gamma);
    wsum += w;
    acc[0] += w * (b.w[0] * t.c[0].x + b.w[1] * t.c[1].x + b.w[2] * t.c[2].x);
    acc[1] += w * (b.w[0] * t.c[0].y + b.w[1] * t.c[1].y + b.w[2] * t.c[2].y);
    acc[2] += w * (b.w[0] * t.c[0].z + b.w[1] * t.c[1].z + b.w[2] * t.c[2].z);
  }
  const int pix = py * P.width + px;
  for (int ch = 0; ch < 3; ++ch) rgb[3 * pix + ch] = acc[ch] / wsum;
  alpha[pix] = 1.0f - empty;
}
