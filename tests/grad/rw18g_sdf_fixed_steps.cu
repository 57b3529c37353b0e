// cuad: --fn sphere_trace --wrt spheres,light_dir,depth,image
// cuad: fwd --fn sphere_trace --wrt spheres,depth,image
// Differentiable sphere tracing with a fixed step count (the form differentiable SDF
// renderers use so that every pixel runs the same unrolled march, no data-dependent break):
// helper_math-style double3 operators, a scene SDF that blends K spheres (double4: center,
// radius) and a ground plane with an exponential smooth minimum (log-sum-exp stabilised by
// the running minimum), N_STEPS updates t += sdf(o + t d), the normal from the tetrahedral
// central-difference stencil of the SDF, half-Lambert shading toward a light direction passed
// by value, and exponential fog toward a sky color. Outputs the depth and the RGB image.
#include <cuda_runtime.h>
#include <math.h>

#define N_STEPS 40
#define K_SMOOTH 0.15

__host__ __device__ inline double3 operator+(double3 a, double3 b) { return make_double3(a.x + b.x, a.y + b.y, a.z + b.z); }
__host__ __device__ inline double3 operator-(double3 a, double3 b) { return make_double3(a.x - b.x, a.y - b.y, a.z - b.z); }
__host__ __device__ inline double3 operator*(double s, double3 a) { return make_double3(s * a.x, s * a.y, s * a.z); }
__host__ __device__ inline double dot(double3 a, double3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
__host__ __device__ inline double length(double3 a) { return sqrt(dot(a, a)); }
__host__ __device__ inline double3 normalize(double3 a) { return (1.0 / length(a)) * a; }

__device__ double scene_sdf(double3 p, const double4* __restrict__ spheres, int K) {
  double d[8];
  int n = 0;
  d[n++] = p.y + 1.0;  // ground plane
  for (int k = 0; k < K; ++k) {
    const double4 s = spheres[k];
    d[n++] = length(p - make_double3(s.x, s.y, s.z)) - s.w;
  }
  double m = d[0];
  for (int i = 1; i < n; ++i) m = fmin(m, d[i]);
  double acc = 0.0;
  for (int i = 0; i < n; ++i) acc += exp(-(d[i] - m) / K_SMOOTH);
  return m - K_SMOOTH * log(acc);
}

__device__ double3 sdf_normal(double3 p, const double4* __restrict__ spheres, int K) {
  const double e = 1e-3;
  const double3 k0 = make_double3(1, -1, -1), k1 = make_double3(-1, -1, 1),
                k2 = make_double3(-1, 1, -1), k3 = make_double3(1, 1, 1);
  const double3 n = scene_sdf(p + e * k0, spheres, K) * k0 + scene_sdf(p + e * k1, spheres, K) * k1 +
                    scene_sdf(p + e * k2, spheres, K) * k2 + scene_sdf(p + e * k3, spheres, K) * k3;
  return normalize(n);
}

__global__ void sphere_trace(const double4* __restrict__ spheres, const double3* __restrict__ albedo,
                             int K, int W, int H, double3 light_dir, double3 sky,
                             double* __restrict__ depth, double* __restrict__ image) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= W || y >= H) return;
  const double u = (2.0 * (x + 0.5) / W - 1.0) * 0.6;
  const double v = (1.0 - 2.0 * (y + 0.5) / H) * 0.6;
  const double3 ro = make_double3(0.0, 0.2, -3.0);
  const double3 rd = normalize(make_double3(u, v - 0.7, 1.0));  // tilted down: every ray meets the ground

  double t = 0.0;
#pragma unroll 4
  for (int i = 0; i < N_STEPS; ++i) t += scene_sdf(ro + t * rd, spheres, K);

  const double3 p = ro + t * rd;
  const double3 n = sdf_normal(p, spheres, K);
  const double shade = 0.5 + 0.5 * dot(n, normalize(light_dir));
  // albedo of the nearest sphere by a soft weight (the ground gets the first albedo)
  double3 col = make_double3(0, 0, 0);
  double wsum = 0.0;
  for (int k = 0; k < K; ++k) {
    const double4 s = spheres[k];
    const double dk = length(p - make_double3(s.x, s.y, s.z)) - s.w;
    const double wk = exp(-dk * dk / 0.05);
    col = col + wk * albedo[k];
    wsum += wk;
  }
  col = (1.0 / (wsum + 1e-3)) * (col + 1e-3 * albedo[0]);
  const double fog = exp(-0.08 * t);
  const int pix = y * W + x;
  depth[pix] = t;
  image[3 * pix + 0] = fog * shade * col.x + (1.0 - fog) * sky.x;
  image[3 * pix + 1] = fog * shade * col.y + (1.0 - fog) * sky.y;
  image[3 * pix + 2] = fog * shade * col.z + (1.0 - fog) * sky.z;
}
