// cuad: --fn soft_raster<3> --wrt verts,colors,img
// cuad: --fn bilateral --wrt in,out,sigma_r
// 1: SoftRas-style soft rasterizer of 2-D triangles: user operators on the built-in float2
// (operator-, operator*, cross), signed edge functions, a per-triangle sigmoid coverage from
// the minimum of the three normalized edge distances taken with a smooth min
// (log-sum-exp), aggregated as silhouette = 1 - prod(1 - D_j) (a running product that is
// overwritten each step) and a depth-softmax color blend, both written (img: RGB + alpha).
// 2: a 3x3 bilateral filter whose range weights depend on the image itself, with a
// (16+2)x(16+2) shared tile whose halo is loaded by the edge threads (`if (tx == 0)`, ...),
// corners by the four corner threads, clamped borders.
#include <cuda_runtime.h>

__host__ __device__ inline float2 operator-(float2 a, float2 b) { return make_float2(a.x - b.x, a.y - b.y); }
__host__ __device__ inline float2 operator*(float s, float2 a) { return make_float2(s * a.x, s * a.y); }
__host__ __device__ inline float cross2(float2 a, float2 b) { return a.x * b.y - a.y * b.x; }
__host__ __device__ inline float len2(float2 a) { return sqrtf(a.x * a.x + a.y * a.y); }

__device__ float edge_dist(float2 p, float2 a, float2 b) {
  return cross2(b - a, p - a) / len2(b - a);  // > 0 inside a counter-clockwise triangle
}

template <int NT>
__global__ void soft_raster(const float2* __restrict__ verts, const float* __restrict__ depth,
                            const float3* __restrict__ colors, float4* img, int W, int H,
                            float sigma, float gamma) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= W || y >= H) return;
  const float2 p = make_float2((x + 0.5f) / W, (y + 0.5f) / H);
  float keep = 1.0f;
  float wsum = expf(-1.0f / gamma);
  float3 c = make_float3(wsum, wsum, wsum);  // white background at depth 1
#pragma unroll
  for (int t = 0; t < NT; ++t) {
    const float2 a = verts[3 * t], b = verts[3 * t + 1], q = verts[3 * t + 2];
    const float d0 = edge_dist(p, a, b), d1 = edge_dist(p, b, q), d2 = edge_dist(p, q, a);
    const float k = 30.0f;
    const float smin = -logf(expf(-k * d0) + expf(-k * d1) + expf(-k * d2)) / k;
    const float D = 1.0f / (1.0f + expf(-smin / sigma));
    keep = keep * (1.0f - D);
    const float wt = D * expf(-depth[t] / gamma);
    wsum += wt;
    c.x += wt * colors[t].x;
    c.y += wt * colors[t].y;
    c.z += wt * colors[t].z;
  }
  img[y * W + x] = make_float4(c.x / wsum, c.y / wsum, c.z / wsum, 1.0f - keep);
}

template __global__ void soft_raster<3>(const float2*, const float*, const float3*, float4*, int,
                                        int, float, float);

#define BT 8
__global__ void bilateral(const float* __restrict__ in, float* __restrict__ out, int W, int H,
                          float sigma_s, float sigma_r) {
  __shared__ float t[BT + 2][BT + 2];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int x = blockIdx.x * BT + tx, y = blockIdx.y * BT + ty;
  const int cx = min(x, W - 1), cy = min(y, H - 1);
  auto at = [&](int xx, int yy) { return in[min(max(yy, 0), H - 1) * W + min(max(xx, 0), W - 1)]; };
  t[ty + 1][tx + 1] = at(cx, cy);
  if (tx == 0) t[ty + 1][0] = at(cx - 1, cy);
  if (tx == BT - 1) t[ty + 1][BT + 1] = at(cx + 1, cy);
  if (ty == 0) t[0][tx + 1] = at(cx, cy - 1);
  if (ty == BT - 1) t[BT + 1][tx + 1] = at(cx, cy + 1);
  if (tx == 0 && ty == 0) t[0][0] = at(cx - 1, cy - 1);
  if (tx == BT - 1 && ty == 0) t[0][BT + 1] = at(cx + 1, cy - 1);
  if (tx == 0 && ty == BT - 1) t[BT + 1][0] = at(cx - 1, cy + 1);
  if (tx == BT - 1 && ty == BT - 1) t[BT + 1][BT + 1] = at(cx + 1, cy + 1);
  __syncthreads();
  if (x >= W || y >= H) return;
  const float ic = t[ty + 1][tx + 1];
  float num = 0.0f, den = 0.0f;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx) {
      const float v = t[ty + 1 + dy][tx + 1 + dx];
      const float dr = v - ic;
      const float wgt = expf(-(dx * dx + dy * dy) / (2.0f * sigma_s * sigma_s) -
                             dr * dr / (2.0f * sigma_r * sigma_r));
      num += wgt * v;
      den += wgt;
    }
  out[y * W + x] = num / den;
}
