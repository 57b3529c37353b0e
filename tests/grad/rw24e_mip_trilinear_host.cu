// cuad: --fn sample_mipmapped --wrt tex,uv,footprint,out
// Trilinear (mipmapped) texture sampling, single precision, as a host routine of a
// differentiable rasterizer: the base texture (square, power of two, single channel) is
// uploaded into one device allocation that holds the whole pyramid; a loop over levels
// launches a 2x2 box-filter kernel from level l to level l+1 at pointer offsets into that
// allocation; then a sampling kernel computes each query's level of detail from its screen
// footprint (log2f), splits it with floorf into two levels and a blend weight, and samples
// both levels bilinearly (floorf, clamped integer taps, __ldg loads through a pointer to the
// level's first texel). The samples are copied back into the caller's array.
#include <cuda_runtime.h>

__global__ void downsample2x(const float* __restrict__ src, float* __restrict__ dst, int dst_size) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= dst_size || y >= dst_size) return;
  const int s = 2 * dst_size;
  dst[y * dst_size + x] = 0.25f * (src[(2 * y) * s + 2 * x] + src[(2 * y) * s + 2 * x + 1] +
                                   src[(2 * y + 1) * s + 2 * x] + src[(2 * y + 1) * s + 2 * x + 1]);
}

__device__ float bilinear_level(const float* level, int size, float u, float v) {
  const float x = u * size - 0.5f, y = v * size - 0.5f;
  const float fx = floorf(x), fy = floorf(y);
  const float ax = x - fx, ay = y - fy;
  const int x0 = min(max((int)fx, 0), size - 1), x1 = min(max((int)fx + 1, 0), size - 1);
  const int y0 = min(max((int)fy, 0), size - 1), y1 = min(max((int)fy + 1, 0), size - 1);
  return (1.0f - ay) * ((1.0f - ax) * __ldg(&level[y0 * size + x0]) + ax * __ldg(&level[y0 * size + x1])) +
         ay * ((1.0f - ax) * __ldg(&level[y1 * size + x0]) + ax * __ldg(&level[y1 * size + x1]));
}

__global__ void sample_trilinear(const float* __restrict__ pyramid, int base_size, int n_levels,
                                 const float2* __restrict__ uv, const float* __restrict__ footprint, int n,
                                 float* __restrict__ out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float lod = fminf(fmaxf(log2f(footprint[i] * base_size), 0.0f), (float)(n_levels - 1) - 1e-3f);
  const int l0 = (int)floorf(lod);
  const float t = lod - (float)l0;
  int offset = 0, size = base_size;
  for (int l = 0; l < l0; ++l) {
    offset += size * size;
    size /= 2;
  }
  const float2 p = uv[i];
  const float* lev0 = pyramid + offset;
  const float* lev1 = lev0 + size * size;
  out[i] = (1.0f - t) * bilinear_level(lev0, size, p.x, p.y) + t * bilinear_level(lev1, size / 2, p.x, p.y);
}

void sample_mipmapped(const float* tex, int base_size, int n_levels, const float2* uv, const float* footprint, int n,
                      float* out) {
  int total = 0;
  for (int l = 0, s = base_size; l < n_levels; ++l, s /= 2) total += s * s;
  float *d_pyr, *d_fp, *d_out;
  float2* d_uv;
  cudaMalloc(&d_pyr, total * sizeof(float));
  cudaMalloc(&d_uv, n * sizeof(float2));
  cudaMalloc(&d_fp, n * sizeof(float));
  cudaMalloc(&d_out, n * sizeof(float));
  cudaMemcpy(d_pyr, tex, base_size * base_size * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_uv, uv, n * sizeof(float2), cudaMemcpyHostToDevice);
  cudaMemcpy(d_fp, footprint, n * sizeof(float), cudaMemcpyHostToDevice);
  int offset = 0;
  for (int l = 0, s = base_size; l + 1 < n_levels; ++l, s /= 2) {
    const int d = s / 2;
    const dim3 block(8, 8), grid((d + 7) / 8, (d + 7) / 8);
    downsample2x<<<grid, block>>>(d_pyr + offset, d_pyr + offset + s * s, d);
    offset += s * s;
  }
  sample_trilinear<<<(n + 63) / 64, 64>>>(d_pyr, base_size, n_levels, d_uv, d_fp, n, d_out);
  cudaMemcpy(out, d_out, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(d_pyr);
  cudaFree(d_uv);
  cudaFree(d_fp);
  cudaFree(d_out);
}
