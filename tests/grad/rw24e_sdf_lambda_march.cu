// cuad: --fn march_lambda --wrt params,out
// cuad: fwd --fn march_lambda --wrt params,out
// Differentiable SDF rendering with the scene as a __device__ lambda (single precision): the
// kernel builds `auto sdf = [&](float3 p) {...}` capturing the shape parameters (a torus and a
// capsule, blended with an exponential smooth minimum), marches a fixed number of sphere-
// tracing steps (no early exit: the differentiable renderer's choice), then a function
// template takes the lambda and returns its gradient by central differences (the normal);
// the color is a soft silhouette (a tanh of the final SDF value) times a Lambert term with a
// softplus-shaped ramp instead of a clamp.
#include <cuda_runtime.h>

struct f3 {
  float x, y, z;
};
__device__ __forceinline__ f3 mk(float x, float y, float z) { return f3{x, y, z}; }
__device__ __forceinline__ f3 operator+(f3 a, f3 b) { return mk(a.x + b.x, a.y + b.y, a.z + b.z); }
__device__ __forceinline__ f3 operator-(f3 a, f3 b) { return mk(a.x - b.x, a.y - b.y, a.z - b.z); }
__device__ __forceinline__ f3 operator*(float s, f3 a) { return mk(s * a.x, s * a.y, s * a.z); }
__device__ __forceinline__ float dot3(f3 a, f3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
__device__ __forceinline__ float len3(f3 a) { return sqrtf(dot3(a, a)); }

template <typename F>
__device__ f3 central_gradient(F&& f, f3 p, float h) {
  const float gx = f(p + mk(h, 0.f, 0.f)) - f(p - mk(h, 0.f, 0.f));
  const float gy = f(p + mk(0.f, h, 0.f)) - f(p - mk(0.f, h, 0.f));
  const float gz = f(p + mk(0.f, 0.f, h)) - f(p - mk(0.f, 0.f, h));
  return (0.5f / h) * mk(gx, gy, gz);
}

__device__ __forceinline__ float smooth_min_exp(float a, float b, float k) {
  const float m = fminf(a, b);  // shifted: stays finite far from the shapes
  return m - logf(expf(-k * (a - m)) + expf(-k * (b - m))) / k;
}

// params: torus center (3), major radius, minor radius, capsule end a (3), end b (3), radius,
// blend sharpness k, light direction (3)  -> 16 floats
__global__ void march_lambda(const float* __restrict__ params, int W, int H, int n_steps, float* __restrict__ out) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= W || y >= H) return;
  const f3 tc = mk(params[0], params[1], params[2]);
  const float R = params[3], r = params[4];
  const f3 ca = mk(params[5], params[6], params[7]), cb = mk(params[8], params[9], params[10]);
  const float cr = params[11], k = params[12];
  const f3 light = mk(params[13], params[14], params[15]);

  auto sdf = [&](f3 p) {
    const f3 q = p - tc;
    const float ring = sqrtf(q.x * q.x + q.z * q.z) - R;
    const float torus = sqrtf(ring * ring + q.y * q.y) - r;
    const f3 pa = p - ca, ba = cb - ca;
    const float hh = fminf(fmaxf(dot3(pa, ba) / dot3(ba, ba), 0.0f), 1.0f);
    const float capsule = len3(pa - hh * ba) - cr;
    return smooth_min_exp(torus, capsule, k);
  };

  const f3 ro = mk(0.0f, 0.4f, -4.0f);
  f3 rd = mk((x + 0.5f - 0.5f * W) / (1.3f * W), (0.5f * H - y - 0.5f) / (1.3f * W), 1.0f);
  rd = (1.0f / len3(rd)) * rd;
  float t = 0.0f;
  for (int i = 0; i < n_steps; ++i) t += 0.9f * sdf(ro + t * rd);
  const f3 p = ro + t * rd;
  const f3 n = central_gradient(sdf, p, 1e-2f);
  const float ndl = dot3(n, light) / len3(n);
  const float shade = 0.25f + 0.75f * logf(1.0f + expf(4.0f * ndl)) / 4.0f;
  const float sil = 0.5f - 0.5f * tanhf(3.0f * sdf(p));
  out[y * W + x] = sil * shade + (1.0f - sil) * 0.1f;
}
