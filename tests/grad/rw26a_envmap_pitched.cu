// cuad: --fn shade_env --wrt env,normals,albedo,out
// cuad: --fn shade_with_envmap --wrt env_h,normals_h,albedo_h,out_h
// Image-based lighting from an equirectangular environment map (float): the map lives in
// pitched device memory (cudaMallocPitch + cudaMemcpy2D, RGBA float4 texels) and is handed to
// the kernel as a struct {pointer, pitch in bytes, width, height}; rows are reached through
// char-pointer arithmetic on the pitch, as CUDA code does. A direction maps to (u, v) with
// atan2/acos, the lookup is bilinear with the longitude wrapped around (integer modulo) and the
// latitude clamped. Each shading point mixes a diffuse lookup along its normal (times its
// albedo) with a specular lookup along the mirror direction of a fixed view vector, weighted by
// a Schlick Fresnel term; alpha is ignored.
#include <cuda_runtime.h>

#define INV_PI 0.31830988618379067f

struct EnvMap {
  const float4* texels;
  size_t pitch;  // bytes per row
  int width, height;
};

__device__ inline float3 operator+(float3 a, float3 b) { return make_float3(a.x + b.x, a.y + b.y, a.z + b.z); }
__device__ inline float3 operator-(float3 a, float3 b) { return make_float3(a.x - b.x, a.y - b.y, a.z - b.z); }
__device__ inline float3 operator*(float s, float3 a) { return make_float3(s * a.x, s * a.y, s * a.z); }
__device__ inline float dot3(float3 a, float3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
__device__ inline float3 normalize3(float3 a) { return rsqrtf(dot3(a, a)) * a; }
__device__ inline float3 rgb(float4 t) { return make_float3(t.x, t.y, t.z); }
__device__ inline float3 lerp3(float3 a, float3 b, float t) { return a + t * (b - a); }

__device__ inline const float4* env_row(const EnvMap& env, int y) {
  return reinterpret_cast<const float4*>(reinterpret_cast<const char*>(env.texels) + y * env.pitch);
}

__device__ float3 env_fetch(const EnvMap& env, int x, int y) {
  x = ((x % env.width) + env.width) % env.width;
  y = min(max(y, 0), env.height - 1);
  return rgb(env_row(env, y)[x]);
}

__device__ float3 env_lookup(const EnvMap& env, float3 d) {
  const float u = 0.5f + 0.5f * INV_PI * atan2f(d.x, -d.z);
  const float v = INV_PI * acosf(fminf(fmaxf(d.y, -1.0f), 1.0f));
  const float fx = u * env.width - 0.5f, fy = v * env.height - 0.5f;
  const int x0 = (int)floorf(fx), y0 = (int)floorf(fy);
  const float tx = fx - x0, ty = fy - y0;
  const float3 top = lerp3(env_fetch(env, x0, y0), env_fetch(env, x0 + 1, y0), tx);
  const float3 bot = lerp3(env_fetch(env, x0, y0 + 1), env_fetch(env, x0 + 1, y0 + 1), tx);
  return lerp3(top, bot, ty);
}

__global__ void shade_env(EnvMap env, const float3* __restrict__ normals, const float3* __restrict__ albedo, int n,
                          float3 view, float f0, float3* __restrict__ out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float3 nrm = normalize3(normals[i]);
  const float3 v = normalize3(view);
  const float ndv = dot3(nrm, v);
  const float3 r = (2.0f * ndv) * nrm - v;
  const float3 diffuse = env_lookup(env, nrm);
  const float3 spec = env_lookup(env, r);
  const float m = 1.0f - ndv;
  const float fres = f0 + (1.0f - f0) * m * m * m * m * m;
  const float3 a = albedo[i];
  out[i] = make_float3(a.x * diffuse.x, a.y * diffuse.y, a.z * diffuse.z) + fres * spec;
}

void shade_with_envmap(const float* env_h, int ew, int eh, const float* normals_h, const float* albedo_h, int n,
                       float* out_h) {
  float4* d_env;
  size_t pitch;
  cudaMallocPitch(&d_env, &pitch, ew * sizeof(float4), eh);
  cudaMemcpy2D(d_env, pitch, env_h, ew * sizeof(float4), ew * sizeof(float4), eh, cudaMemcpyHostToDevice);
  float3 *d_n, *d_a, *d_out;
  cudaMalloc(&d_n, n * sizeof(float3));
  cudaMalloc(&d_a, n * sizeof(float3));
  cudaMalloc(&d_out, n * sizeof(float3));
  cudaMemcpy(d_n, normals_h, n * sizeof(float3), cudaMemcpyHostToDevice);
  cudaMemcpy(d_a, albedo_h, n * sizeof(float3), cudaMemcpyHostToDevice);
  EnvMap env;
  env.texels = d_env;
  env.pitch = pitch;
  env.width = ew;
  env.height = eh;
  shade_env<<<(n + 31) / 32, 32>>>(env, d_n, d_a, n, make_float3(0.1f, 0.2f, 1.0f), 0.04f, d_out);
  cudaMemcpy(out_h, d_out, n * sizeof(float3), cudaMemcpyDeviceToHost);
  cudaFree(d_env);
  cudaFree(d_n);
  cudaFree(d_a);
  cudaFree(d_out);
}
