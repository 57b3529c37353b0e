#include CUAD_GENERATED
#include "cuad_test.h"
#include <algorithm>
#include <functional>
using namespace cuad_test;

static const int NR = 48;

struct V3 {
  double x, y, z;
};

static bool mt_host(const double* o, const double* d, const V3& a, const V3& b, const V3& c, double* t, double* u,
                    double* v) {
  const double e1[3] = {b.x - a.x, b.y - a.y, b.z - a.z}, e2[3] = {c.x - a.x, c.y - a.y, c.z - a.z};
  const double p[3] = {d[1] * e2[2] - d[2] * e2[1], d[2] * e2[0] - d[0] * e2[2], d[0] * e2[1] - d[1] * e2[0]};
  const double det = e1[0] * p[0] + e1[1] * p[1] + e1[2] * p[2];
  if (std::fabs(det) < 1e-9) return false;
  const double s[3] = {o[0] - a.x, o[1] - a.y, o[2] - a.z};
  const double q[3] = {s[1] * e1[2] - s[2] * e1[1], s[2] * e1[0] - s[0] * e1[2], s[0] * e1[1] - s[1] * e1[0]};
  *u = (s[0] * p[0] + s[1] * p[1] + s[2] * p[2]) / det;
  *v = (d[0] * q[0] + d[1] * q[1] + d[2] * q[2]) / det;
  *t = (e2[0] * q[0] + e2[1] * q[1] + e2[2] * q[2]) / det;
  return true;
}

int main() {
  Checker check("rw24e_bvh_closest_hit");
  Rng rng(24514);
  // a 4x4 height-field grid (32 triangles) plus 6 floating triangles above it
  std::vector<V3> V;
  std::vector<int3> T;
  for (int j = 0; j <= 4; ++j)
    for (int i = 0; i <= 4; ++i) V.push_back(V3{(double)i + rng.uniform(-0.15, 0.15), (double)j + rng.uniform(-0.15, 0.15), rng.uniform(-0.3, 0.3)});
  for (int j = 0; j < 4; ++j)
    for (int i = 0; i < 4; ++i) {
      const int a = j * 5 + i, b = a + 1, c = a + 5, e = a + 6;
      T.push_back(int3{a, b, e});
      T.push_back(int3{a, e, c});
    }
  for (int k = 0; k < 6; ++k) {
    const double cx = rng.uniform(0.5, 3.5), cy = rng.uniform(0.5, 3.5), cz = rng.uniform(0.8, 1.6);
    const int base = (int)V.size();
    for (int m = 0; m < 3; ++m) {
      const double a = 2.1 * m + rng.uniform(-0.3, 0.3);
      V.push_back(V3{cx + 0.8 * std::cos(a), cy + 0.8 * std::sin(a), cz + rng.uniform(-0.2, 0.2)});
    }
    T.push_back(int3{base, base + 1, base + 2});
  }
  const int nv = (int)V.size(), nt = (int)T.size();
  // BVH: median split on centroids, leaves of up to 4 triangles; the triangle table is
  // reordered into leaf order; bounds inflated by 0.05 so the perturbations stay inside
  std::vector<BVHNode> nodes;
  std::vector<int> order(nt);
  for (int k = 0; k < nt; ++k) order[k] = k;
  std::function<int(int, int)> build = [&](int b, int e) -> int {
    const int id = (int)nodes.size();
    nodes.push_back(BVHNode{});
    double lo[3] = {1e9, 1e9, 1e9}, hi[3] = {-1e9, -1e9, -1e9};
    for (int k = b; k < e; ++k)
      for (int m : {T[order[k]].x, T[order[k]].y, T[order[k]].z}) {
        const double p[3] = {V[m].x, V[m].y, V[m].z};
        for (int a = 0; a < 3; ++a) lo[a] = std::min(lo[a], p[a]), hi[a] = std::max(hi[a], p[a]);
      }
    BVHNode n;
    for (int a = 0; a < 3; ++a) n.lo[a] = (float)(lo[a] - 0.05), n.hi[a] = (float)(hi[a] + 0.05);
    if (e - b <= 4) {
      n.left = n.right = -1, n.first = b, n.count = e - b;
    } else {
      int axis = 0;
      for (int a = 1; a < 3; ++a)
        if (hi[a] - lo[a] > hi[axis] - lo[axis]) axis = a;
      auto cen = [&](int k) {
        const int3 f = T[k];
        const double* p0 = &V[f.x].x;
        return p0[axis] + (&V[f.y].x)[axis] + (&V[f.z].x)[axis];
      };
      const int mid = (b + e) / 2;
      std::nth_element(order.begin() + b, order.begin() + mid, order.begin() + e, [&](int p, int q) { return cen(p) < cen(q); });
      n.first = n.count = 0;
      n.left = build(b, mid);
      n.right = build(mid, e);
    }
    nodes[id] = n;
    return id;
  };
  build(0, nt);
  std::vector<int3> tris(nt);
  for (int k = 0; k < nt; ++k) tris[k] = T[order[k]];
  // rays from above, tilted; redrawn until the closest hit is decided by clear margins
  std::vector<double> ro, rd;
  int misses = 0, occluded = 0;
  while ((int)ro.size() < 3 * NR) {
    const double o[3] = {rng.uniform(-0.5, 4.5), rng.uniform(-0.5, 4.5), 3.0};
    double d[3] = {rng.uniform(-0.3, 0.3), rng.uniform(-0.3, 0.3), -1.0};
    const double nd = std::sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
    for (double& c : d) c /= nd;
    bool ok = true;
    int cands = 0;
    double best = 1e30;
    std::vector<double> ts;
    for (int k = 0; k < nt; ++k) {
      double t, u, v;
      if (!mt_host(o, d, V[tris[k].x], V[tris[k].y], V[tris[k].z], &t, &u, &v) || t <= 0) continue;
      const double m = std::min(u, std::min(v, 1 - u - v));
      if (std::fabs(m) < 2e-3) ok = false;
      if (m > 0) ts.push_back(t), best = std::min(best, t);
    }
    std::sort(ts.begin(), ts.end());
    for (size_t k = 1; k < ts.size(); ++k)
      if (ts[k] - ts[k - 1] < 1e-3) ok = false;
    cands = (int)ts.size();
    if (!ok) continue;
    misses += cands == 0;
    occluded += cands > 1;
    ro.insert(ro.end(), o, o + 3), rd.insert(rd.end(), d, d + 3);
  }
  std::printf("nodes %zu, misses %d, rays with several hits %d\n", nodes.size(), misses, occluded);
  check.expect(misses > 0 && occluded > 3, "misses and occlusion");
  std::vector<double> verts(3 * nv), vcol = rng.vec<double>(3 * nv, 0.0, 1.0);
  for (int k = 0; k < nv; ++k) verts[3 * k] = V[k].x, verts[3 * k + 1] = V[k].y, verts[3 * k + 2] = V[k].z;
  const double3 light = make_double3(0.3, -0.4, 0.866), bg = make_double3(0.1, 0.2, 0.3);
  DeviceArray<double> d_ro(ro), d_rd(rd);
  DeviceArray<BVHNode> d_n(nodes);
  DeviceArray<int3> d_t(tris);
  auto d3 = [](DeviceArray<double>& a) { return reinterpret_cast<double3*>(a.ptr); };
  auto run = [&](const std::vector<double>& vv, const std::vector<double>& cc) {
    DeviceArray<double> d_v(vv), d_c(cc), d_o(zeros<double>(3 * NR));
    CUAD_LAUNCH(shade_rays, 2, 32, d3(d_ro), d3(d_rd), NR, d_n.ptr, d_t.ptr, d3(d_v), d3(d_c), light, bg, d3(d_o));
    return d_o.get();
  };
  const std::vector<double> w = rng.vec<double>(3 * NR);
  auto loss = [&] { return dot(w, run(verts, vcol)); };
  DeviceArray<double> d_v(verts), d_c(vcol), d_o(zeros<double>(3 * NR)), g_v(zeros<double>(3 * nv)), g_c(zeros<double>(3 * nv)),
      g_o(w);
  CUAD_GRAD(CUAD_LAUNCH(shade_rays_grad_5_6_9, 2, 32, d3(d_ro), d3(d_rd), NR, d_n.ptr, d_t.ptr, d3(d_v), d3(d_c), light, bg,
                        d3(d_o), d3(g_v), d3(g_c), d3(g_o)));
  check.array("verts", g_v.get(), fd(verts, loss));
  check.array("vcolor", g_c.get(), fd(vcol, loss));
  check.array("out", g_o.get(), zeros<double>(3 * NR));
  return check.finish();
}
