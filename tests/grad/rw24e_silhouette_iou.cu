// cuad: --fn silhouette_iou_loss --wrt verts
// cuad: --fn silhouette_sums --wrt verts,sums
// Soft-silhouette IoU loss for fitting a 2-D mesh to a mask (single precision): vertices and
// an int3 face table; per pixel the coverage of each face is the product of the sigmoids of
// the pixel's signed distances to its three edges (orientation from the signed area), the
// faces are combined as 1 - prod(1 - D_f). The kernel reduces intersection and union
// (S*M and S + M - S*M) over each warp with __shfl_down_sync and lane 0 adds them into a
// two-float device accumulator with atomicAdd. The host function allocates, clears the
// accumulator with cudaMemset, launches, copies the two sums back and returns 1 - I / U.
#include <cuda_runtime.h>

__device__ __forceinline__ float sigm(float x) { return 1.0f / (1.0f + expf(-x)); }

__device__ float face_coverage(float2 a, float2 b, float2 c, float px, float py, float inv_sigma) {
  const float area = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
  const float s = area > 0.0f ? inv_sigma : -inv_sigma;
  const float2 v[3] = {a, b, c};
  float D = 1.0f;
  for (int k = 0; k < 3; ++k) {
    const float2 p = v[k], q = v[(k + 1) % 3];
    const float ex = q.x - p.x, ey = q.y - p.y;
    const float dist = ((px - p.x) * ey - (py - p.y) * ex) * rsqrtf(ex * ex + ey * ey);
    D *= sigm(-s * dist);
  }
  return D;
}

__global__ void silhouette_sums(const float2* __restrict__ verts, const int3* __restrict__ faces, int n_faces,
                                const float* __restrict__ mask, int W, int H, float inv_sigma,
                                float* __restrict__ sums) {
  const int pix = blockIdx.x * blockDim.x + threadIdx.x;
  float inter = 0.0f, uni = 0.0f;
  if (pix < W * H) {
    const float px = (pix % W) + 0.5f, py = (pix / W) + 0.5f;
    float empty = 1.0f;
    for (int f = 0; f < n_faces; ++f) {
      const int3 tri = faces[f];
      empty *= 1.0f - face_coverage(verts[tri.x], verts[tri.y], verts[tri.z], px, py, inv_sigma);
    }
    const float S = 1.0f - empty, M = mask[pix];
    inter = S * M;
    uni = S + M - S * M;
  }
  for (int off = 16; off > 0; off >>= 1) {
    inter += __shfl_down_sync(0xffffffffu, inter, off);
    uni += __shfl_down_sync(0xffffffffu, uni, off);
  }
  if ((threadIdx.x & 31) == 0) {
    atomicAdd(&sums[0], inter);
    atomicAdd(&sums[1], uni);
  }
}

float silhouette_iou_loss(const float2* verts, int n_verts, const int3* faces, int n_faces, const float* mask, int W,
                          int H, float sigma) {
  float2* d_verts;
  int3* d_faces;
  float *d_mask, *d_sums;
  cudaMalloc(&d_verts, n_verts * sizeof(float2));
  cudaMalloc(&d_faces, n_faces * sizeof(int3));
  cudaMalloc(&d_mask, W * H * sizeof(float));
  cudaMalloc(&d_sums, 2 * sizeof(float));
  cudaMemcpy(d_verts, verts, n_verts * sizeof(float2), cudaMemcpyHostToDevice);
  cudaMemcpy(d_faces, faces, n_faces * sizeof(int3), cudaMemcpyHostToDevice);
  cudaMemcpy(d_mask, mask, W * H * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemset(d_sums, 0, 2 * sizeof(float));
  const int threads = 64;
  silhouette_sums<<<(W * H + threads - 1) / threads, threads>>>(d_verts, d_faces, n_faces, d_mask, W, H, 1.0f / sigma,
                                                                d_sums);
  float sums[2];
  cudaMemcpy(sums, d_sums, 2 * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(d_verts);
  cudaFree(d_faces);
  cudaFree(d_mask);
  cudaFree(d_sums);
  return 1.0f - sums[0] / sums[1];
}
