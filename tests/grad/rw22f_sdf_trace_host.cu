// cuad: --fn render_sdf_loss --wrt h_spheres,h_light
// cuad: fwd --fn render_sdf_loss --wrt h_spheres
// Differentiable sphere tracing of a signed distance field, in the form SDF-fitting codes use
// (a fixed number of marching steps for every pixel, no data-dependent exit): a scene of K
// spheres blended with a ground plane by Inigo Quilez's polynomial smooth minimum, float3
// operators and a normalize helper, the surface normal from the tetrahedral finite-difference
// stencil of the SDF, half-Lambert shading toward a light direction (normalised in the
// kernel) with exponential distance fog, then a photometric squared error against a target
// image reduced with atomicAdd into one float. A host function uploads the scene, launches
// the two kernels over a 2-D pixel grid and returns the loss.
#include <cuda_runtime.h>

#define N_STEPS 32
#define SMOOTH_K 0.3f
#define NORMAL_EPS 0.02f
#define FOG 0.06f

__host__ __device__ __forceinline__ float3 operator+(float3 a, float3 b) { return make_float3(a.x + b.x, a.y + b.y, a.z + b.z); }
__host__ __device__ __forceinline__ float3 operator-(float3 a, float3 b) { return make_float3(a.x - b.x, a.y - b.y, a.z - b.z); }
__host__ __device__ __forceinline__ float3 operator*(float s, float3 a) { return make_float3(s * a.x, s * a.y, s * a.z); }
__host__ __device__ __forceinline__ float dot(float3 a, float3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
__host__ __device__ __forceinline__ float length(float3 a) { return sqrtf(dot(a, a)); }
__host__ __device__ __forceinline__ float3 normalize(float3 a) { return rsqrtf(dot(a, a)) * a; }

__device__ __forceinline__ float smin_poly(float a, float b, float k) {
  const float h = fmaxf(k - fabsf(a - b), 0.0f) / k;
  return fminf(a, b) - h * h * k * 0.25f;
}

__device__ float scene_sdf(float3 p, const float4* __restrict__ spheres, int K, float ground_y) {
  float d = p.y - ground_y;
  for (int i = 0; i < K; ++i) {
    const float4 s = spheres[i];
    const float ds = length(p - make_float3(s.x, s.y, s.z)) - s.w;
    d = smin_poly(d, ds, SMOOTH_K);
  }
  return d;
}

__device__ float3 sdf_normal(float3 p, const float4* __restrict__ spheres, int K, float ground_y) {
  const float3 k0 = make_float3(1.0f, -1.0f, -1.0f), k1 = make_float3(-1.0f, -1.0f, 1.0f),
               k2 = make_float3(-1.0f, 1.0f, -1.0f), k3 = make_float3(1.0f, 1.0f, 1.0f);
  const float3 g = scene_sdf(p + NORMAL_EPS * k0, spheres, K, ground_y) * k0 +
                   scene_sdf(p + NORMAL_EPS * k1, spheres, K, ground_y) * k1 +
                   scene_sdf(p + NORMAL_EPS * k2, spheres, K, ground_y) * k2 +
                   scene_sdf(p + NORMAL_EPS * k3, spheres, K, ground_y) * k3;
  return normalize(g);
}

__global__ void sphere_trace(const float4* __restrict__ spheres, int K, float ground_y,
                             const float* __restrict__ light, int W, int H, float* __restrict__ image) {
  const int px = blockIdx.x * blockDim.x + threadIdx.x;
  const int py = blockIdx.y * blockDim.y + threadIdx.y;
  if (px >= W || py >= H) return;
  const float u = (2.0f * px + 1.0f) / W - 1.0f, v = (2.0f * py + 1.0f) / H - 1.0f;
  const float3 ro = make_float3(0.0f, 4.0f, 0.0f);  // looking straight down at the ground
  const float3 rd = normalize(make_float3(0.4f * u, -1.0f, 0.4f * v));
  float t = 0.0f;
  for (int i = 0; i < N_STEPS; ++i) t += scene_sdf(ro + t * rd, spheres, K, ground_y);
  const float3 p = ro + t * rd;
  const float3 n = sdf_normal(p, spheres, K, ground_y);
  const float3 L = normalize(make_float3(light[0], light[1], light[2]));
  const float diffuse = 0.5f + 0.5f * dot(n, L);
  image[py * W + px] = diffuse * expf(-FOG * t);
}

__global__ void photometric_loss(const float* __restrict__ image, const float* __restrict__ target, int n,
                                 float* __restrict__ loss) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float r = image[i] - target[i];
  atomicAdd(loss, r * r);
}

float render_sdf_loss(const float* h_spheres, int K, const float* h_light, const float* h_target, int W, int H) {
  const int n = W * H;
  float *d_spheres, *d_light, *d_target, *d_image, *d_loss;
  cudaMalloc(&d_spheres, 4 * K * sizeof(float));
  cudaMalloc(&d_light, 3 * sizeof(float));
  cudaMalloc(&d_target, n * sizeof(float));
  cudaMalloc(&d_image, n * sizeof(float));
  cudaMalloc(&d_loss, sizeof(float));
  cudaMemcpy(d_spheres, h_spheres, 4 * K * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_light, h_light, 3 * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_target, h_target, n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemset(d_loss, 0, sizeof(float));
  const dim3 block(8, 8), grid((W + block.x - 1) / block.x, (H + block.y - 1) / block.y);
  sphere_trace<<<grid, block>>>(reinterpret_cast<const float4*>(d_spheres), K, -1.0f, d_light, W, H, d_image);
  photometric_loss<<<(n + 63) / 64, 64>>>(d_image, d_target, n, d_loss);
  float loss = 0.0f;
  cudaMemcpy(&loss, d_loss, sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(d_spheres);
  cudaFree(d_light);
  cudaFree(d_target);
  cudaFree(d_image);
  cudaFree(d_loss);
  return loss;
}
