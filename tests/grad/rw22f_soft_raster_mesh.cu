// cuad: --fn soft_rasterize --wrt verts,vert_z,face_colors,image
// cuad: --fn soft_rasterize --wrt verts,sigma,gamma,image
// cuad: fwd --fn soft_rasterize --wrt verts,vert_z,face_colors,image
// A soft rasterizer of an indexed triangle mesh (SoftRas-style aggregation), single precision:
// one thread per pixel of a 2-D grid, pixel centers in NDC; per face, the three vertices are
// gathered through an int3 index buffer (vertices are shared between faces, so their
// adjoints are scattered by many pixels and faces), signed distances to the three edge lines
// (oriented by the sign of the face area), a smooth minimum of the three (log-sum-exp shifted
// by the hard minimum), a numerically stable sigmoid of distance / sigma as the coverage
// probability, barycentric (unclamped) interpolation of the vertex depths, and an aggregation
// over faces that is a softmax of normalised inverse depth with temperature gamma, weighted by
// coverage, stabilised by a first pass that finds the largest exponent; a background term with
// a fixed small exponent; the silhouette 1 - prod(1 - D). Output RGBA as float4.
#include <cuda_runtime.h>

#define EPS_BG 1e-3f
#define SMIN_K 0.04f
#define Z_NEAR 0.5f
#define Z_FAR 6.0f

__device__ __forceinline__ float edge_fn(float2 a, float2 b, float2 p) {
  return (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
}

__device__ __forceinline__ float stable_sigmoid(float x) {
  if (x >= 0.0f) return 1.0f / (1.0f + __expf(-x));
  const float e = __expf(x);
  return e / (1.0f + e);
}

__device__ __forceinline__ float smooth_min3(float a, float b, float c) {
  const float m = fminf(a, fminf(b, c));
  const float s = __expf(-(a - m) / SMIN_K) + __expf(-(b - m) / SMIN_K) + __expf(-(c - m) / SMIN_K);
  return m - SMIN_K * __logf(s);
}

__device__ __forceinline__ float face_depth(float2 v0, float2 v1, float2 v2, float z0, float z1, float z2,
                                            float2 p) {
  const float area = edge_fn(v0, v1, v2);
  const float w0 = edge_fn(v1, v2, p) / area, w1 = edge_fn(v2, v0, p) / area, w2 = edge_fn(v0, v1, p) / area;
  return w0 * z0 + w1 * z1 + w2 * z2;
}

__global__ void soft_rasterize(int n_faces, const int3* __restrict__ faces, const float2* __restrict__ verts,
                               const float* __restrict__ vert_z, const float3* __restrict__ face_colors,
                               float sigma, float gamma, float3 bg, int W, int H,
                               float4* __restrict__ image) {
  const int px = blockIdx.x * blockDim.x + threadIdx.x;
  const int py = blockIdx.y * blockDim.y + threadIdx.y;
  if (px >= W || py >= H) return;
  const float2 p = make_float2((2.0f * px + 1.0f) / W - 1.0f, (2.0f * py + 1.0f) / H - 1.0f);

  // pass 1: the largest exponent of the softmax
  float zmax = EPS_BG;
  for (int f = 0; f < n_faces; ++f) {
    const int3 tri = faces[f];
    const float z = face_depth(verts[tri.x], verts[tri.y], verts[tri.z], vert_z[tri.x], vert_z[tri.y],
                               vert_z[tri.z], p);
    zmax = fmaxf(zmax, (Z_FAR - z) / (Z_FAR - Z_NEAR));
  }

  // pass 2: coverage-weighted softmax over faces and the background
  float wsum = __expf((EPS_BG - zmax) / gamma);
  float3 c = make_float3(wsum * bg.x, wsum * bg.y, wsum * bg.z);
  float sil = 1.0f;
  for (int f = 0; f < n_faces; ++f) {
    const int3 tri = faces[f];
    const float2 v0 = verts[tri.x], v1 = verts[tri.y], v2 = verts[tri.z];
    const float area = edge_fn(v0, v1, v2);
    const float orient = area > 0.0f ? 1.0f : -1.0f;
    const float d0 = orient * edge_fn(v1, v2, p) / hypotf(v2.x - v1.x, v2.y - v1.y);
    const float d1 = orient * edge_fn(v2, v0, p) / hypotf(v0.x - v2.x, v0.y - v2.y);
    const float d2 = orient * edge_fn(v0, v1, p) / hypotf(v1.x - v0.x, v1.y - v0.y);
    const float D = stable_sigmoid(smooth_min3(d0, d1, d2) / sigma);
    const float z = face_depth(v0, v1, v2, vert_z[tri.x], vert_z[tri.y], vert_z[tri.z], p);
    const float zn = (Z_FAR - z) / (Z_FAR - Z_NEAR);
    const float wf = D * __expf((zn - zmax) / gamma);
    const float3 fc = face_colors[f];
    c.x += wf * fc.x;
    c.y += wf * fc.y;
    c.z += wf * fc.z;
    wsum += wf;
    sil *= 1.0f - D;
  }
  image[py * W + px] = make_float4(c.x / wsum, c.y / wsum, c.z / wsum, 1.0f - sil);
}
