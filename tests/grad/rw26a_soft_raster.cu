// cuad: --fn soft_rasterize --wrt tris,out_rgba
// cuad: --fn render_soft --wrt tris_h,img_h
// cuad: --fn soft_coverage --wrt t,p
// A SoftRas-style soft rasterizer (float): each screen-space triangle carries three 2-D
// vertices, normalised depths and per-vertex colors (a struct with array fields of vector
// types). The coverage of a pixel is the product of three sigmoids of the signed edge
// distances, the barycentrics come from the edge functions over the signed area, the depth is
// interpolated perspective-correctly (1/z linear) and the colors with the barycentrics; faces
// are blended with softmax weights exp(z/gamma) against a background term, the silhouette is
// 1 - prod(1 - D). One thread per pixel, triangles culled by a bounding box grown by a few
// sigma. A host function uploads the triangles, launches, and downloads the image.
#include <cuda_runtime.h>

struct Tri {
  float2 v[3];
  float inv_z[3];  // 1 / normalised depth per vertex
  float3 c[3];
};

struct SoftParams {
  float sigma;   // edge sharpness, pixels
  float gamma;   // depth temperature
  float eps_bg;  // background depth offset
  float cull;    // bbox growth in sigmas
};

__host__ __device__ inline float2 operator-(float2 a, float2 b) { return make_float2(a.x - b.x, a.y - b.y); }
__host__ __device__ inline float3 operator*(float s, float3 a) { return make_float3(s * a.x, s * a.y, s * a.z); }
__host__ __device__ inline float3 operator+(float3 a, float3 b) { return make_float3(a.x + b.x, a.y + b.y, a.z + b.z); }
__host__ __device__ inline float cross2(float2 a, float2 b) { return a.x * b.y - a.y * b.x; }

// Signed edge function of p against edge a->b, normalised to a distance.
__device__ inline float edge_dist(float2 a, float2 b, float2 p) {
  const float2 e = b - a;
  return cross2(e, p - a) * rsqrtf(e.x * e.x + e.y * e.y);
}

__device__ float soft_coverage(const Tri& t, float2 p, float sigma) {
  float D = 1.0f;
#pragma unroll
  for (int k = 0; k < 3; ++k) {
    const float d = edge_dist(t.v[k], t.v[(k + 1) % 3], p);
    D *= 1.0f / (1.0f + __expf(-d / sigma));
  }
  return D;
}

__global__ void soft_rasterize(const Tri* __restrict__ tris, int nt, int W, int H, SoftParams prm,
                               float4* __restrict__ out_rgba) {
  const int px = blockIdx.x * blockDim.x + threadIdx.x, py = blockIdx.y * blockDim.y + threadIdx.y;
  if (px >= W || py >= H) return;
  const float2 p = make_float2(px + 0.5f, py + 0.5f);
  const float grow = prm.cull * prm.sigma;
  float wsum = __expf(prm.eps_bg / prm.gamma);
  float3 acc = make_float3(0.0f, 0.0f, 0.0f);
  float empty = 1.0f;
  for (int f = 0; f < nt; ++f) {
    const Tri& t = tris[f];
    const float xmin = fminf(t.v[0].x, fminf(t.v[1].x, t.v[2].x)) - grow;
    const float xmax = fmaxf(t.v[0].x, fmaxf(t.v[1].x, t.v[2].x)) + grow;
    const float ymin = fminf(t.v[0].y, fminf(t.v[1].y, t.v[2].y)) - grow;
    const float ymax = fmaxf(t.v[0].y, fmaxf(t.v[1].y, t.v[2].y)) + grow;
    if (p.x < xmin || p.x > xmax || p.y < ymin || p.y > ymax) continue;
    const float D = soft_coverage(t, p, prm.sigma);
    const float area = cross2(t.v[1] - t.v[0], t.v[2] - t.v[0]);
    float b[3];
    for (int k = 0; k < 3; ++k) b[k] = cross2(t.v[(k + 2) % 3] - t.v[(k + 1) % 3], p - t.v[(k + 1) % 3]) / area;
    float iz = 0.0f;
    for (int k = 0; k < 3; ++k) iz += b[k] * t.inv_z[k];
    const float z = 1.0f / iz;  // normalised depth in (0, 1): larger is nearer
    float3 col = make_float3(0.0f, 0.0f, 0.0f);
    for (int k = 0; k < 3; ++k) col = col + (b[k] * t.inv_z[k] * z) * t.c[k];
    const float wf = D * __expf(z / prm.gamma);
    wsum += wf;
    acc = acc + wf * col;
    empty *= 1.0f - D;
  }
  const float inv = 1.0f / wsum;
  out_rgba[py * W + px] = make_float4(acc.x * inv, acc.y * inv, acc.z * inv, 1.0f - empty);
}

void render_soft(const Tri* tris_h, int nt, int W, int H, SoftParams prm, float* img_h) {
  Tri* d_tris;
  float4* d_img;
  cudaMalloc(&d_tris, nt * sizeof(Tri));
  cudaMalloc(&d_img, W * H * sizeof(float4));
  cudaMemcpy(d_tris, tris_h, nt * sizeof(Tri), cudaMemcpyHostToDevice);
  const dim3 block(8, 8), grid((W + 7) / 8, (H + 7) / 8);
  soft_rasterize<<<grid, block>>>(d_tris, nt, W, H, prm, d_img);
  cudaMemcpy(img_h, d_img, W * H * sizeof(float4), cudaMemcpyDeviceToHost);
  cudaFree(d_tris);
  cudaFree(d_img);
}
