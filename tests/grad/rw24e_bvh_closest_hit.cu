// cuad: --fn shade_rays --wrt verts,vcolor,out
// Differentiable ray casting against a triangle mesh through a BVH (double precision, one
// thread per ray): flattened BVH nodes (float bounds, child indices, leaf ranges) are
// traversed with a local int stack; an AABB slab test prunes nodes against the closest hit
// so far; leaves run a Moller-Trumbore test that writes t, u, v through references and
// returns whether the hit counts; the closest hit overwrites (t, u, v, triangle). The hit is
// shaded with barycentric interpolation of per-vertex colors and a two-sided Lambert term
// from the geometric normal; misses get the background. Gradients flow to the vertex
// positions (through t, u, v and the normal) and colors.
#include <cuda_runtime.h>

#define STACK_SIZE 32

struct BVHNode {
  float lo[3], hi[3];
  int left, right;   // children (inner nodes)
  int first, count;  // triangle range (leaves: count > 0)
};

__device__ __forceinline__ double3 sub(double3 a, double3 b) { return make_double3(a.x - b.x, a.y - b.y, a.z - b.z); }
__device__ __forceinline__ double dot(double3 a, double3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
__device__ __forceinline__ double3 cross(double3 a, double3 b) {
  return make_double3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}

__device__ bool hit_aabb(const BVHNode& n, double3 o, double3 inv_d, double t_max) {
  double t0 = 0.0, t1 = t_max;
  const double oo[3] = {o.x, o.y, o.z}, id[3] = {inv_d.x, inv_d.y, inv_d.z};
  for (int a = 0; a < 3; ++a) {
    double ta = (n.lo[a] - oo[a]) * id[a], tb = (n.hi[a] - oo[a]) * id[a];
    if (ta > tb) {
      const double tmp = ta;
      ta = tb;
      tb = tmp;
    }
    t0 = ta > t0 ? ta : t0;
    t1 = tb < t1 ? tb : t1;
    if (t0 > t1) return false;
  }
  return true;
}

__device__ bool moller_trumbore(double3 o, double3 d, double3 v0, double3 v1, double3 v2, double& t, double& u,
                                double& v) {
  const double3 e1 = sub(v1, v0), e2 = sub(v2, v0);
  const double3 p = cross(d, e2);
  const double det = dot(e1, p);
  if (fabs(det) < 1e-12) return false;
  const double inv = 1.0 / det;
  const double3 s = sub(o, v0);
  u = dot(s, p) * inv;
  if (u < 0.0 || u > 1.0) return false;
  const double3 q = cross(s, e1);
  v = dot(d, q) * inv;
  if (v < 0.0 || u + v > 1.0) return false;
  t = dot(e2, q) * inv;
  return t > 1e-6;
}

__global__ void shade_rays(const double3* __restrict__ ray_o, const double3* __restrict__ ray_d, int n_rays,
                           const BVHNode* __restrict__ nodes, const int3* __restrict__ tris,
                           const double3* __restrict__ verts, const double3* __restrict__ vcolor, double3 light,
                           double3 background, double3* __restrict__ out) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= n_rays) return;
  const double3 o = ray_o[r], d = ray_d[r];
  const double3 inv_d = make_double3(1.0 / d.x, 1.0 / d.y, 1.0 / d.z);
  int stack[STACK_SIZE];
  int sp = 0;
  stack[sp++] = 0;
  double best_t = 1e30, bu = 0.0, bv = 0.0;
  int best = -1;
  while (sp > 0) {
    const BVHNode node = nodes[stack[--sp]];
    if (!hit_aabb(node, o, inv_d, best_t)) continue;
    if (node.count > 0) {
      for (int k = node.first; k < node.first + node.count; ++k) {
        const int3 f = tris[k];
        double t, u, v;
        if (moller_trumbore(o, d, verts[f.x], verts[f.y], verts[f.z], t, u, v) && t < best_t) {
          best_t = t;
          bu = u;
          bv = v;
          best = k;
        }
      }
    } else {
      stack[sp++] = node.left;
      stack[sp++] = node.right;
    }
  }
  if (best < 0) {
    out[r] = background;
    return;
  }
  const int3 f = tris[best];
  const double w0 = 1.0 - bu - bv;
  const double3 c0 = vcolor[f.x], c1 = vcolor[f.y], c2 = vcolor[f.z];
  const double3 n = cross(sub(verts[f.y], verts[f.x]), sub(verts[f.z], verts[f.x]));
  const double cosl = dot(n, light) / sqrt(dot(n, n));
  const double shade = 0.2 + 0.8 * cosl * cosl;
  const double fog = exp(-0.05 * best_t);
  out[r] = make_double3((w0 * c0.x + bu * c1.x + bv * c2.x) * shade * fog, (w0 * c0.y + bu * c1.y + bv * c2.y) * shade * fog,
                        (w0 * c0.z + bu * c1.z + bv * c2.z) * shade * fog);
}
