#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

#if CUAD_OUTPUT == 1
constexpr int C = 3;
#else
constexpr int C = 2;
#endif

int main() {
  Checker check("rw22b_barycentric");
  // a 3x2 grid of quads split into triangles: 12 vertices, 12 triangles (not all used)
  const int nvx = 4, nvy = 3, n_verts = nvx * nvy;
  Rng rng(22005);
  std::vector<float> verts(3 * n_verts);
  for (int y = 0; y < nvy; ++y)
    for (int x = 0; x < nvx; ++x) {
      const int v = y * nvx + x;
      verts[3 * v] = float(x) + float(rng.uniform(-0.15, 0.15));
      verts[3 * v + 1] = float(y) + float(rng.uniform(-0.15, 0.15));
      verts[3 * v + 2] = float(rng.uniform(1.0, 3.0));  // w (depth)
    }
  std::vector<int> tris;
  for (int y = 0; y + 1 < nvy; ++y)
    for (int x = 0; x + 1 < nvx; ++x) {
      const int a = y * nvx + x, b = a + 1, c = a + nvx, d = c + 1;
      tris.insert(tris.end(), {a, b, d, a, d, c});
    }
  const int n_tris = (int)tris.size() / 3, n_pix = 45;
  std::vector<int> pix_tri(n_pix);
  std::vector<float> px(2 * n_pix);
  for (int i = 0; i < n_pix; ++i) {  // a sample inside its triangle, barycentrics >= 0.1
    const int t = (i * 7) % n_tris;
    pix_tri[i] = t;
    double l[3] = {rng.uniform(0.1, 1.0), rng.uniform(0.1, 1.0), rng.uniform(0.1, 1.0)};
    const double s = l[0] + l[1] + l[2];
    double x = 0, y = 0;
    for (int k = 0; k < 3; ++k) {
      x += l[k] / s * verts[3 * tris[3 * t + k]];
      y += l[k] / s * verts[3 * tris[3 * t + k] + 1];
    }
    px[2 * i] = float(x);
    px[2 * i + 1] = float(y);
  }
  std::vector<float> attrs = rng.vec<float>(C * n_verts), out = rng.vec<float>(C * n_pix),
                     w = rng.vec<float>(C * n_pix);
  DeviceArray<int> d_tris(tris), d_pt(pix_tri);
  auto run = [&](const std::vector<float>& vv, const std::vector<float>& av,
                 const std::vector<float>& pv) {
    DeviceArray<float> dv(vv), da(av), dp(pv), dout(out);
    CUAD_LAUNCH(interp_attrs<C>, 2, 32, dv.ptr, d_tris.ptr, da.ptr, dp.ptr, d_pt.ptr, dout.ptr,
                n_pix);
    return dout.get();
  };
  DeviceArray<float> dv(verts), da(attrs), dp(px), dout(out);
#if CUAD_OUTPUT == 1
  auto loss = [&] { return dot(w, run(verts, attrs, px)); };
  DeviceArray<float> a_v(zeros<float>(3 * n_verts)), a_a(zeros<float>(C * n_verts)),
      a_p(zeros<float>(2 * n_pix)), a_out(w);
  CUAD_GRAD(CUAD_LAUNCH(interp_attrs_grad_0_2_3_5<C>, 2, 32, dv.ptr, d_tris.ptr, da.ptr, dp.ptr,
                        d_pt.ptr, dout.ptr, n_pix, a_v.ptr, a_a.ptr, a_p.ptr, a_out.ptr));
  check.array("verts", a_v.get(), fd(verts, loss));
  check.array("attrs", a_a.get(), fd(attrs, loss));
  check.array("px", a_p.get(), fd(px, loss));
  check.array("out (only written)", a_out.get(), std::vector<double>(C * n_pix, 0.0));
#else
  std::vector<float> vv = rng.vec<float>(3 * n_verts, -0.3, 0.3), va = rng.vec<float>(C * n_verts),
                     vp = rng.vec<float>(2 * n_pix, -0.3, 0.3);
  auto outputs_at = [&](double t) {
    return as_doubles(run(along(verts, t, vv), along(attrs, t, va), along(px, t, vp)));
  };
  DeviceArray<float> t_v(vv), t_a(va), t_p(vp), t_out(zeros<float>(C * n_pix));
  CUAD_GRAD(CUAD_LAUNCH(interp_attrs_pushforward<C>, 2, 32, dv.ptr, d_tris.ptr, da.ptr, dp.ptr,
                        d_pt.ptr, dout.ptr, n_pix, t_v.ptr, t_a.ptr, t_p.ptr, t_out.ptr));
  check.array("out", as_doubles(t_out.get()), directional_fd<float>(outputs_at),
              default_tol<float>());
#endif
  return check.finish();
}
