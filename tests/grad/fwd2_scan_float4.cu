// cuad: fwd --fn scan
// cuad: fwd --fn silu4
// cuad: fwd --fn render_depth
// 1: a warp inclusive scan with __shfl_up_sync, a __shared__ carry between warps under
// __syncthreads, float intrinsics (__expf, __fdividef, fmaf, powf, tanhf, sqrtf).
// 2: float4 loads and stores, static_cast through double, atomicAdd into a double.
// 3: ray casting: a bool helper writing the hit distance through a reference, called in the
// always evaluated operand of `&&` in an `if` condition (its pushforward runs before the if).
__global__ void scan(int n, const float* x, float* y) {
  __shared__ float buf[64];
  int t = threadIdx.x;
  float v = t < n ? x[t] : 0.f;
  int lane = t & 31;
  for (int o = 1; o < 32; o <<= 1) {
    float u = __shfl_up_sync(0xffffffffu, v, o);
    if (lane >= o) v += u;
  }
  if (lane == 31) buf[t / 32] = v;
  __syncthreads();
  if (t >= 32) v += buf[0];
  if (t < n) y[t] = v * __expf(x[t]) + __fdividef(v, 2.f + x[t] * x[t]) + fmaf(v, x[t], 1.f) + powf(x[t], 2) + tanhf(v) + sqrtf(1.f + v * v);
}
__device__ float silu(float v) { return v / (1.f + expf(-v)); }
__global__ void silu4(int n4, const float4* x, const float* bias, float4* y, double* acc) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n4) return;
  float4 v = x[i];
  float4 r;
  r.x = silu(v.x + bias[0]);
  r.y = silu(v.y + bias[1]);
  r.z = silu(v.z) * v.w;
  r.w = static_cast<float>(static_cast<double>(v.w) * 2.0);
  y[i] = r;
  double s = (double)r.x + r.y;
  atomicAdd(acc, s);
}

struct Ray { float3 o, d; };
__device__ inline float3 sub(float3 a, float3 b) { return make_float3(a.x-b.x, a.y-b.y, a.z-b.z); }
__device__ inline float dot(float3 a, float3 b) { return a.x*b.x + a.y*b.y + a.z*b.z; }
__device__ bool hit_sphere(const Ray& r, float3 c, float rad, float& t) {
  float3 oc = sub(r.o, c);
  float b = dot(oc, r.d);
  float cc = dot(oc, oc) - rad * rad;
  float disc = b * b - cc;
  if (disc < 0.f) return false;
  t = -b - sqrtf(disc);
  return t > 0.f;
}
__global__ void render_depth(float* depth, const float3* dirs, const float4* spheres, int ns, int npix) {
  int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= npix) return;
  Ray r;
  r.o = make_float3(0.f, 0.f, 0.f);
  r.d = dirs[p];
  float best = 100.f;
  for (int s = 0; s < ns; ++s) {
    float4 sp = spheres[s];
    float t;
    if (hit_sphere(r, make_float3(sp.x, sp.y, sp.z), sp.w, t) && t < best) best = t;
  }
  depth[p] = best;
}
