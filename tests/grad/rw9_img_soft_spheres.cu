// cuad: --fn render_spheres --wrt sph,light,img
// cuad: --fn render_spheres --wrt light,img
// Soft ray casting of spheres (SoftRas-style): a user `struct V3` with operator+, -, *
// (both orders), unary -, dot, length, normalize; a Sphere struct array; per pixel a pinhole
// ray, the ray/sphere discriminant turned into a soft coverage by a sigmoid, Lambert shading
// at the hit point (sqrtf of the discriminant inside `if (disc > 0)`), and a soft z-buffer:
// colors blended with softmax weights of -depth / gamma plus a background term.
#include <cuda_runtime.h>

struct V3 {
  float x, y, z;
  __host__ __device__ V3() {}
  __host__ __device__ V3(float a, float b, float c) : x(a), y(b), z(c) {}
};
__host__ __device__ inline V3 operator+(V3 a, V3 b) { return V3(a.x + b.x, a.y + b.y, a.z + b.z); }
__host__ __device__ inline V3 operator-(V3 a, V3 b) { return V3(a.x - b.x, a.y - b.y, a.z - b.z); }
__host__ __device__ inline V3 operator-(V3 a) { return V3(-a.x, -a.y, -a.z); }
__host__ __device__ inline V3 operator*(V3 a, float s) { return V3(a.x * s, a.y * s, a.z * s); }
__host__ __device__ inline V3 operator*(float s, V3 a) { return a * s; }
__host__ __device__ inline float dot(V3 a, V3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
__host__ __device__ inline float length(V3 a) { return sqrtf(dot(a, a)); }
__host__ __device__ inline V3 normalize(V3 a) { return a * (1.0f / length(a)); }

struct Sphere {
  V3 c;
  float r;
  float albedo;
};

__device__ float sigmoidf(float x) { return 1.0f / (1.0f + __expf(-x)); }

__global__ void render_spheres(const Sphere* sph, int ns, V3 light, float* img, int W, int H,
                               float sharp, float gamma) {
  const int px = blockIdx.x * blockDim.x + threadIdx.x;
  const int py = blockIdx.y * blockDim.y + threadIdx.y;
  if (px >= W || py >= H) return;
  const V3 eye(0.0f, 0.0f, -4.0f);
  const V3 dir = normalize(V3((px + 0.5f) / W - 0.5f, (py + 0.5f) / H - 0.5f, 1.0f));
  const V3 L = normalize(light);
  float wsum = __expf(-10.0f / gamma);  // background at depth 10
  float csum = 0.1f * wsum;
  for (int s = 0; s < ns; ++s) {
    const V3 oc = eye - sph[s].c;
    const float b = dot(oc, dir);
    const float cc = dot(oc, oc) - sph[s].r * sph[s].r;
    const float disc = b * b - cc;
    const float cover = sigmoidf(disc * sharp);
    float t, shade;
    if (disc > 0.0f) {
      t = -b - sqrtf(disc);
      const V3 n = normalize(eye + t * dir - sph[s].c);
      shade = fmaxf(dot(n, L), 0.0f) * sph[s].albedo + 0.05f;
    } else {
      t = -b;
      shade = 0.05f;
    }
    const float wgt = cover * __expf(-t / gamma);
    wsum += wgt;
    csum += wgt * shade;
  }
  img[py * W + px] = csum / wsum;
}
