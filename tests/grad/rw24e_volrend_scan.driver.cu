#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24e_volrend_scan");
  Rng rng(24503);
  const int n_rays = 3;
  const float shift = -1.0f;
  std::vector<float> sig = rng.vec<float>(n_rays * NS, -3.0, 2.5), col = rng.vec<float>(3 * n_rays * NS, -2.0, 2.0),
                     tv(n_rays * NS);
  // a "surface" in the middle of each ray
  for (int r = 0; r < n_rays; ++r) {
    for (int k = 30 + 4 * r; k < 36 + 4 * r; ++k) sig[r * NS + k] = (float)rng.uniform(3.0, 5.0);
    double t = 2.0;
    for (int k = 0; k < NS; ++k) tv[r * NS + k] = (float)t, t += rng.uniform(0.02, 0.06);
  }
  auto run = [&](const std::vector<float>& s, const std::vector<float>& c) {
    DeviceArray<float> d_s(s), d_c(c), d_t(tv), d_o(zeros<float>(NOUT * n_rays));
    CUAD_LAUNCH(render_rays_scan, n_rays, NS, d_s.ptr, d_c.ptr, d_t.ptr, shift, d_o.ptr);
    return d_o.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(NOUT * n_rays);
  auto loss = [&] { return dot(w, run(sig, col)); };
  DeviceArray<float> d_s(sig), d_c(col), d_t(tv), d_o(zeros<float>(NOUT * n_rays)), g_s(zeros<float>(sig.size())),
      g_c(zeros<float>(col.size())), g_o(w);
  CUAD_GRAD(CUAD_LAUNCH(render_rays_scan_grad_0_1_4, n_rays, NS, d_s.ptr, d_c.ptr, d_t.ptr, shift, d_o.ptr, g_s.ptr,
                        g_c.ptr, g_o.ptr));
  check.array("raw_sigma", g_s.get(), fd(sig, loss));
  check.array("raw_rgb", g_c.get(), fd(col, loss));
  check.array("out", g_o.get(), zeros<double>(NOUT * n_rays));
#else
  const std::vector<float> vs = rng.vec<float>(sig.size()), vc = rng.vec<float>(col.size());
  auto outputs_at = [&](double t) { return as_doubles(run(along(sig, t, vs), along(col, t, vc))); };
  DeviceArray<float> d_s(sig), d_c(col), d_t(tv), d_o(zeros<float>(NOUT * n_rays)), t_s(vs), t_c(vc),
      t_o(zeros<float>(NOUT * n_rays));
  CUAD_GRAD(CUAD_LAUNCH(render_rays_scan_pushforward_0_1_4, n_rays, NS, d_s.ptr, d_c.ptr, d_t.ptr, shift, d_o.ptr,
                        t_s.ptr, t_c.ptr, t_o.ptr));
  check.array("out tangent", as_doubles(t_o.get()), directional_fd<float>(outputs_at), default_tol<float>());
#if !defined(CUAD_SELFTEST)
  check.array("out value", d_o.get(), as_doubles(run(sig, col)));
#endif
#endif
  return check.finish();
}
