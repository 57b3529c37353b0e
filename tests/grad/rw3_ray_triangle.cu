// cuad: --fn trace_nearest --wrt verts,orig,dir,shade
// cuad: fwd --fn trace_nearest
// Moeller-Trumbore ray/triangle intersection in a device function that returns a struct
// (with a bool) and has several early returns; a vec3 struct with operators and free
// functions passed by const reference; each ray keeps the nearest hit and shades it with the
// barycentric blend of per-vertex values.
#include <cuda_runtime.h>

struct Vec3 {
  double x, y, z;
};
__device__ inline Vec3 operator-(const Vec3& a, const Vec3& b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
__device__ inline double dot(const Vec3& a, const Vec3& b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
__device__ inline Vec3 cross(const Vec3& a, const Vec3& b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}

struct Hit {
  bool hit;
  double t, u, v;
};

__device__ Hit intersect(const Vec3& o, const Vec3& d, const Vec3& p0, const Vec3& p1,
                         const Vec3& p2) {
  Hit h{false, 0.0, 0.0, 0.0};
  const Vec3 e1 = p1 - p0, e2 = p2 - p0;
  const Vec3 pv = cross(d, e2);
  const double det = dot(e1, pv);
  if (fabs(det) < 1e-12) return h;
  const double inv = 1.0 / det;
  const Vec3 tv = o - p0;
  const double u = dot(tv, pv) * inv;
  if (u < 0.0 || u > 1.0) return h;
  const Vec3 qv = cross(tv, e1);
  const double v = dot(d, qv) * inv;
  if (v < 0.0 || u + v > 1.0) return h;
  h.t = dot(e2, qv) * inv;
  if (h.t <= 0.0) return h;
  h.hit = true;
  h.u = u;
  h.v = v;
  return h;
}

__device__ Vec3 load(const double* p, int i) { return {p[3 * i], p[3 * i + 1], p[3 * i + 2]}; }

__global__ void trace_nearest(const double* verts, const double* vals, int n_tri,
                              const double* orig, const double* dir, double* shade, int n_rays) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= n_rays) return;
  const Vec3 o = load(orig, r), d = load(dir, r);
  double best = 1e30, color = 0.0;
  for (int k = 0; k < n_tri; ++k) {
    const Hit h = intersect(o, d, load(verts, 3 * k), load(verts, 3 * k + 1), load(verts, 3 * k + 2));
    if (h.hit && h.t < best) {
      best = h.t;
      color = (1.0 - h.u - h.v) * vals[3 * k] + h.u * vals[3 * k + 1] + h.v * vals[3 * k + 2];
    }
  }
  shade[r] = color + 0.1 * (best < 1e29 ? best : 0.0);
}
