// cuad: --fn render_sdf --wrt spheres,img
// cuad: --fn render_frame --wrt spheres,k_blend
// Sphere tracing of a signed distance field (ShaderToy / differentiable SDF renderers): a
// user `vec3` struct with operators, a scene SDF that blends K spheres (double4: center,
// radius) with an exponential smooth minimum, one thread per pixel of a pinhole camera
// (2-D grid), a while loop marching t += d with a step limit, a hit tolerance (break) and a
// far plane, the normal from central differences of the SDF, half-Lambert shading with a
// soft fog term; missed pixels get a sky gradient. The host function copies the spheres,
// renders into a device image and averages the image on the host (a scalar loss).
#include <cuda_runtime.h>
#include <math.h>
#include <vector>

#define MAX_STEPS 48
#define HIT_EPS 1e-4
#define T_FAR 12.0

struct vec3 {
  double x, y, z;
};
__host__ __device__ inline vec3 operator+(vec3 a, vec3 b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
__host__ __device__ inline vec3 operator-(vec3 a, vec3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
__host__ __device__ inline vec3 operator*(double s, vec3 a) { return {s * a.x, s * a.y, s * a.z}; }
__host__ __device__ inline double dot(vec3 a, vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
__host__ __device__ inline double length(vec3 a) { return sqrt(dot(a, a)); }
__host__ __device__ inline vec3 normalize(vec3 a) { return (1.0 / length(a)) * a; }

__device__ double scene_sdf(vec3 p, const double4* __restrict__ spheres, int K, double k_blend) {
  // smooth min over spheres: -log(sum exp(-k d_i)) / k
  double acc = 0.0;
  for (int i = 0; i < K; ++i) {
    const double4 s = spheres[i];
    const vec3 c = {s.x, s.y, s.z};
    const double d = length(p - c) - s.w;
    acc += exp(-k_blend * d);
  }
  return -log(acc) / k_blend;
}

__device__ vec3 sdf_normal(vec3 p, const double4* __restrict__ spheres, int K, double k_blend) {
  const double e = 1e-3;
  const vec3 ex = {e, 0.0, 0.0}, ey = {0.0, e, 0.0}, ez = {0.0, 0.0, e};
  vec3 n;
  n.x = scene_sdf(p + ex, spheres, K, k_blend) - scene_sdf(p - ex, spheres, K, k_blend);
  n.y = scene_sdf(p + ey, spheres, K, k_blend) - scene_sdf(p - ey, spheres, K, k_blend);
  n.z = scene_sdf(p + ez, spheres, K, k_blend) - scene_sdf(p - ez, spheres, K, k_blend);
  return normalize(n);
}

__global__ void render_sdf(const double4* __restrict__ spheres, int K, double k_blend,
                           double* __restrict__ img, int W, int H) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= W || y >= H) return;
  const vec3 ro = {0.0, 0.0, -4.0};
  const vec3 rd = normalize(vec3{(x + 0.5) / W - 0.5, (y + 0.5) / H - 0.5, 1.0});
  const vec3 light = normalize(vec3{0.6, 0.7, -0.4});

  double t = 0.0;
  int steps = 0;
  bool hit = false;
  while (steps < MAX_STEPS && t < T_FAR) {
    const vec3 p = ro + t * rd;
    const double d = scene_sdf(p, spheres, K, k_blend);
    if (d < HIT_EPS) {
      hit = true;
      break;
    }
    t += d;
    ++steps;
  }
  double shade;
  if (hit) {
    const vec3 n = sdf_normal(ro + t * rd, spheres, K, k_blend);
    const double lambert = 0.5 + 0.5 * dot(n, light);
    shade = lambert * exp(-0.05 * t);
  } else {
    shade = 0.3 + 0.2 * rd.y;
  }
  img[y * W + x] = shade;
}

double render_frame(const double4* spheres, int K, double k_blend, int W, int H) {
  double4* d_s;
  double* d_img;
  cudaMalloc(&d_s, K * sizeof(double4));
  cudaMalloc(&d_img, W * H * sizeof(double));
  cudaMemcpy(d_s, spheres, K * sizeof(double4), cudaMemcpyHostToDevice);
  dim3 block(8, 4), grid((W + 7) / 8, (H + 3) / 4);
  render_sdf<<<grid, block>>>(d_s, K, k_blend, d_img, W, H);
  std::vector<double> img(W * H);
  cudaMemcpy(img.data(), d_img, W * H * sizeof(double), cudaMemcpyDeviceToHost);
  double s = 0.0;
  for (int i = 0; i < W * H; ++i) s += img[i] * img[i];
  cudaFree(d_s);
  cudaFree(d_img);
  return s / (W * H);
}
