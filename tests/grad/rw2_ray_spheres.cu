// cuad: --fn render_depth --wrt depth,spheres
// Ray casting depth map: per-pixel rays against a list of spheres, a bool helper with an
// early `return false` on a negative discriminant that writes the hit distance through a
// reference, `&&` short-circuit with the nearest-hit test, a Ray struct passed by const&.
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
