// cuad: --fn compute_color_from_sh --wrt means,campos,shs,colors
// cuad: fwd --fn compute_color_from_sh --wrt means,campos,shs,colors
// cuad: --fn shade_points --wrt h_means,h_campos,h_shs,h_colors
// View-dependent color of 3-D Gaussians / points from real spherical harmonics up to degree
// 2, as splatting and point-based renderers evaluate it: the normalised direction from the
// camera center to the point, the basis constants as a #define, a constexpr scalar and a
// __device__ const table, an `if (deg > 0) { ... if (deg > 1) ... }` ladder over a runtime
// degree with coefficients strided by max_coeffs, +0.5 offset, negative channels clamped to
// zero with a per-channel "clamped" flag (kept for the backward pass in the original code).
// A small vec3 struct with operators; a grid-stride loop; the camera position is one vec3
// in device memory that every thread reads. shade_points is the host-side launcher.
#include <cuda_runtime.h>

#define SH_C0 0.28209479177387814f
constexpr float SH_C1 = 0.4886025119029199f;
__device__ const float SH_C2[] = {1.0925484305920792f, -1.0925484305920792f, 0.31539156525252005f,
                                  -1.0925484305920792f, 0.5462742152960396f};

struct vec3 {
  float x, y, z;
};

__host__ __device__ __forceinline__ vec3 operator+(vec3 a, vec3 b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
__host__ __device__ __forceinline__ vec3 operator-(vec3 a, vec3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
__host__ __device__ __forceinline__ vec3 operator*(float s, vec3 a) { return {s * a.x, s * a.y, s * a.z}; }
__host__ __device__ __forceinline__ float length(vec3 a) { return sqrtf(a.x * a.x + a.y * a.y + a.z * a.z); }

__global__ void compute_color_from_sh(int P, int deg, int max_coeffs, const vec3* __restrict__ means,
                                      const vec3* __restrict__ campos, const vec3* __restrict__ shs,
                                      bool* __restrict__ clamped, float* __restrict__ colors) {
  for (int idx = blockIdx.x * blockDim.x + threadIdx.x; idx < P; idx += gridDim.x * blockDim.x) {
    const vec3 pos = means[idx];
    vec3 dir = pos - *campos;
    dir = (1.0f / length(dir)) * dir;
    const vec3* sh = shs + idx * max_coeffs;
    vec3 result = SH_C0 * sh[0];
    if (deg > 0) {
      const float x = dir.x, y = dir.y, z = dir.z;
      result = result - SH_C1 * y * sh[1] + SH_C1 * z * sh[2] - SH_C1 * x * sh[3];
      if (deg > 1) {
        const float xx = x * x, yy = y * y, zz = z * z;
        const float xy = x * y, yz = y * z, xz = x * z;
        result = result + SH_C2[0] * xy * sh[4] + SH_C2[1] * yz * sh[5] +
                 SH_C2[2] * (2.0f * zz - xx - yy) * sh[6] + SH_C2[3] * xz * sh[7] +
                 SH_C2[4] * (xx - yy) * sh[8];
      }
    }
    result.x += 0.5f;
    result.y += 0.5f;
    result.z += 0.5f;
    clamped[3 * idx + 0] = (result.x < 0);
    clamped[3 * idx + 1] = (result.y < 0);
    clamped[3 * idx + 2] = (result.z < 0);
    colors[3 * idx + 0] = fmaxf(result.x, 0.0f);
    colors[3 * idx + 1] = fmaxf(result.y, 0.0f);
    colors[3 * idx + 2] = fmaxf(result.z, 0.0f);
  }
}

void shade_points(const float* h_means, const float* h_campos, const float* h_shs, int P, int deg,
                  float* h_colors) {
  const int max_coeffs = (deg + 1) * (deg + 1);
  vec3 *d_means, *d_campos, *d_shs;
  float* d_colors;
  bool* d_clamped;
  cudaMalloc(&d_means, P * sizeof(vec3));
  cudaMalloc(&d_campos, sizeof(vec3));
  cudaMalloc(&d_shs, (size_t)P * max_coeffs * sizeof(vec3));
  cudaMalloc(&d_colors, 3 * P * sizeof(float));
  cudaMalloc(&d_clamped, 3 * P * sizeof(bool));
  cudaMemcpy(d_means, h_means, P * sizeof(vec3), cudaMemcpyHostToDevice);
  cudaMemcpy(d_campos, h_campos, sizeof(vec3), cudaMemcpyHostToDevice);
  cudaMemcpy(d_shs, h_shs, (size_t)P * max_coeffs * sizeof(vec3), cudaMemcpyHostToDevice);
  const int block = 32;
  compute_color_from_sh<<<(P + block - 1) / block, block>>>(P, deg, max_coeffs, d_means, d_campos,
                                                            d_shs, d_clamped, d_colors);
  cudaMemcpy(h_colors, d_colors, 3 * P * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(d_means);
  cudaFree(d_campos);
  cudaFree(d_shs);
  cudaFree(d_colors);
  cudaFree(d_clamped);
}
