#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

struct V3 {
  double x, y, z;
};
static V3 sub(V3 a, V3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
static double dt(V3 a, V3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static V3 cr(V3 a, V3 b) { return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x}; }
static V3 transform(const std::vector<float>& xi, V3 p) {
  const V3 w{xi[0], xi[1], xi[2]};
  const double th = std::sqrt(dt(w, w)), a = std::sin(th) / th, b = (1 - std::cos(th)) / (th * th);
  const V3 wxp = cr(w, p), wwxp = cr(w, wxp);
  return {p.x + a * wxp.x + b * wwxp.x + xi[3], p.y + a * wxp.y + b * wwxp.y + xi[4],
          p.z + a * wxp.z + b * wwxp.z + xi[5]};
}
static V3 get(const std::vector<float>& v, int i) { return {v[3 * i], v[3 * i + 1], v[3 * i + 2]}; }

int main() {
  Checker check("rw25e_icp_point_plane");
  Rng rng(25505);
  const int n_pts = 44, n_dst = 48;
  const float huber_c = 0.05f;
  const Gate gate{0.25f, 0.2f};
  std::vector<float> xi = {0.04f, -0.03f, 0.05f, 0.02f, -0.01f, 0.015f};
  std::vector<float> src(3 * n_pts), dst(3 * n_dst), normals(3 * n_dst);
  std::vector<int> corr(n_pts);
  for (int j = 0; j < n_dst; ++j) {
    double nx = rng.uniform(-0.4, 0.4), ny = rng.uniform(-0.4, 0.4), nz = -1.0;
    const double l = std::sqrt(nx * nx + ny * ny + nz * nz);
    normals[3 * j] = (float)(nx / l), normals[3 * j + 1] = (float)(ny / l), normals[3 * j + 2] = (float)(nz / l);
  }
  int none = 0, gated = 0;
  for (int i = 0; i < n_pts; ++i) {
    if (i % 9 == 4) {
      corr[i] = -1;
      ++none;
      for (int k = 0; k < 3; ++k) src[3 * i + k] = (float)rng.uniform(-0.5, 0.5);
      continue;
    }
    const int j = (i * 13 + 5) % n_dst;
    corr[i] = j;
    const int kind = i % 7;  // 0: far outlier, 1: displacement along the tangent plane, else inlier
    for (;;) {
      src[3 * i] = (float)rng.uniform(-0.5, 0.5);
      src[3 * i + 1] = (float)rng.uniform(-0.5, 0.5);
      src[3 * i + 2] = (float)rng.uniform(0.8, 1.2);
      const V3 p = transform(xi, get(src, i)), n = get(normals, j);
      // displacement q - p: along the normal plus a tangential part
      V3 tang = cr(n, V3{rng.uniform(-1, 1), rng.uniform(-1, 1), rng.uniform(-1, 1)});
      const double tl = std::sqrt(dt(tang, tang));
      const double sgn = rng.uniform(-1, 1) < 0 ? -1.0 : 1.0;
      const double along_n = kind == 1 ? rng.uniform(-0.005, 0.005) : sgn * rng.uniform(0.05, 0.12);
      const double tmag = kind == 0 ? rng.uniform(0.3, 0.4) : kind == 1 ? rng.uniform(0.1, 0.2) : rng.uniform(0.0, 0.08);
      const V3 q{p.x + along_n * n.x + tmag * tang.x / tl, p.y + along_n * n.y + tmag * tang.y / tl,
                 p.z + along_n * n.z + tmag * tang.z / tl};
      dst[3 * j] = (float)q.x, dst[3 * j + 1] = (float)q.y, dst[3 * j + 2] = (float)q.z;
      const V3 d = sub(transform(xi, get(src, i)), get(dst, j));
      const double dn = std::sqrt(dt(d, d)), c = std::fabs(dt(d, get(normals, j))) / dn;
      // every gate decision well away from its threshold
      if (std::fabs(dn - gate.max_dist) < 0.04 || std::fabs(c - gate.min_cos) < 0.12 || dn < 0.04) continue;
      gated += dn > gate.max_dist || c < gate.min_cos;
      break;
    }
  }
  std::printf("no match %d, gated %d\n", none, gated);
  check.expect(none >= 3 && gated >= 6, "some unmatched and some gated points");
  auto f3 = [](DeviceArray<float>& a) { return reinterpret_cast<float3*>(a.ptr); };
  const std::vector<float> sys0 = rng.vec<float>(N_SYS, -0.5, 0.5);
  auto run = [&](const std::vector<float>& x, const std::vector<float>& s, const std::vector<float>& d,
                 const std::vector<float>& nm) {
    DeviceArray<float> d_xi(x), d_s(s), d_d(d), d_n(nm), d_sys(sys0);
    DeviceArray<int> d_c(corr);
    CUAD_LAUNCH(icp_point_to_plane, 2, 32, d_xi.ptr, f3(d_s), f3(d_d), f3(d_n), d_c.ptr, n_pts, huber_c, gate,
                d_sys.ptr);
    return d_sys.get();
  };
  DeviceArray<float> d_xi(xi), d_s(src), d_d(dst), d_n(normals), d_sys(sys0);
  DeviceArray<int> d_c(corr);
#if CUAD_OUTPUT == 1
  std::vector<float> sys = sys0;
  const std::vector<float> w = rng.vec<float>(N_SYS);
  auto loss = [&] { return dot(w, run(xi, src, dst, normals)); };
  DeviceArray<float> a_xi(zeros<float>(6)), a_s(zeros<float>(3 * n_pts)), a_d(zeros<float>(3 * n_dst)),
      a_n(zeros<float>(3 * n_dst)), a_sys(w);
  CUAD_GRAD(CUAD_LAUNCH(icp_point_to_plane_grad_0_1_2_3_8, 2, 32, d_xi.ptr, f3(d_s), f3(d_d), f3(d_n), d_c.ptr,
                        n_pts, huber_c, gate, d_sys.ptr, a_xi.ptr, f3(a_s), f3(a_d), f3(a_n), a_sys.ptr));
  check.array("xi", a_xi.get(), fd(xi, loss));
  check.array("src", a_s.get(), fd(src, loss));
  check.array("dst", a_d.get(), fd(dst, loss));
  check.array("normals", a_n.get(), fd(normals, loss));
  check.array("system", a_sys.get(), as_doubles(w));
#else
  const std::vector<float> vxi = rng.vec<float>(6, -0.5, 0.5), vn = rng.vec<float>(3 * n_dst, -0.3, 0.3),
                           vsys = rng.vec<float>(N_SYS);
  auto outputs_at = [&](double t) {
    std::vector<double> o = as_doubles(run(along(xi, t, vxi), src, dst, along(normals, t, vn)));
    for (int k = 0; k < N_SYS; ++k) o[k] += t * vsys[k];
    return o;
  };
  DeviceArray<float> t_xi(vxi), t_n(vn), t_sys(vsys);
  CUAD_GRAD(CUAD_LAUNCH(icp_point_to_plane_pushforward_0_3_8, 2, 32, d_xi.ptr, f3(d_s), f3(d_d), f3(d_n), d_c.ptr,
                        n_pts, huber_c, gate, d_sys.ptr, t_xi.ptr, f3(t_n), t_sys.ptr));
  check.array("system tangent", as_doubles(t_sys.get()), directional_fd<float>(outputs_at),
              default_tol<float>());
#if !defined(CUAD_SELFTEST)
  check.array("system value", d_sys.get(), as_doubles(run(xi, src, dst, normals)), default_tol<float>());
#endif
#endif
  return check.finish();
}
