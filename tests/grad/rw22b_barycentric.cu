// cuad: --fn interp_attrs<3> --wrt verts,attrs,px,out
// cuad: fwd --fn interp_attrs<2> --wrt verts,attrs,px,out
// Written for cuad in the style of a differentiable rasterizer's interpolation pass
// (nvdiffrast-like): every pixel sample knows its triangle; the kernel computes screen-space
// barycentrics from 2-D edge functions (`float2` operators, `cross2`), then perspective-
// correct weights with the per-vertex 1/w, and interpolates C attribute channels. Modern
// C++: a `Bary` struct unpacked by `auto [l0, l1, l2]`, an array of {weight, vertex} pairs
// iterated with `for (const auto& [lam, v] : terms)`, a kernel template over the channel
// count with `constexpr` array sizes, `decltype` for a local's type, and `using` aliases.
// Vertices are (x, y, w); triangles share vertices, so vertex adjoints gather from many
// pixels.
namespace raster {

using real = float;

__device__ __forceinline__ float2 operator-(const float2& a, const float2& b) {
  return make_float2(a.x - b.x, a.y - b.y);
}
__device__ __forceinline__ real cross2(const float2& a, const float2& b) {
  return a.x * b.y - a.y * b.x;
}

struct Bary {
  real l0, l1, l2;
};

__device__ Bary barycentric(const float2& p, const float2& a, const float2& b, const float2& c) {
  const real area = cross2(b - a, c - a);
  const real inv = real(1) / area;
  return {cross2(b - p, c - p) * inv, cross2(c - p, a - p) * inv, cross2(a - p, b - p) * inv};
}

struct Term {
  real lam;
  int v;
};

}  // namespace raster

template <int C>
__global__ void interp_attrs(const float* __restrict__ verts, const int* __restrict__ tris,
                             const float* __restrict__ attrs, const float* __restrict__ px,
                             const int* __restrict__ pix_tri, float* __restrict__ out,
                             int n_pix) {
  using raster::real;
  static_assert(C >= 1 && C <= 4, "1 to 4 channels");
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n_pix) return;
  const int t = pix_tri[i];
  constexpr int kCorners = 3;
  int vid[kCorners];
  float2 pos[kCorners];
  real inv_w[kCorners];
#pragma unroll
  for (int k = 0; k < kCorners; ++k) {
    vid[k] = tris[kCorners * t + k];
    pos[k] = make_float2(verts[3 * vid[k]], verts[3 * vid[k] + 1]);
    inv_w[k] = real(1) / verts[3 * vid[k] + 2];
  }
  const float2 p = make_float2(px[2 * i], px[2 * i + 1]);
  const auto [l0, l1, l2] = raster::barycentric(p, pos[0], pos[1], pos[2]);
  // perspective-correct weights
  const real denom = l0 * inv_w[0] + l1 * inv_w[1] + l2 * inv_w[2];
  const raster::Term terms[kCorners] = {{l0 * inv_w[0] / denom, vid[0]},
                                        {l1 * inv_w[1] / denom, vid[1]},
                                        {l2 * inv_w[2] / denom, vid[2]}};
  decltype(denom + 0.0f) acc[C] = {};
  for (const auto& [lam, v] : terms) {
#pragma unroll
    for (int c = 0; c < C; ++c) acc[c] += lam * attrs[C * v + c];
  }
#pragma unroll
  for (int c = 0; c < C; ++c) out[C * i + c] = acc[c];
}
