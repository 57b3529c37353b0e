#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24d_warp_tile_allpairs");
  Rng rng(24117);
  const int n = 45;  // two tiles, the second partial; two warps
  const float coulomb = 0.8f;
  float eps = 0.4f, sigma = 0.95f;
  std::vector<float> xyzq;
  for (int tries = 0; (int)xyzq.size() < 4 * n && tries < 200000; ++tries) {
    const double p[3] = {rng.uniform(-2.6, 2.6), rng.uniform(-2.6, 2.6), rng.uniform(-2.6, 2.6)};
    bool ok = true;
    for (size_t j = 0; j < xyzq.size() / 4 && ok; ++j) {
      const double dx = p[0] - xyzq[4 * j], dy = p[1] - xyzq[4 * j + 1], dz = p[2] - xyzq[4 * j + 2];
      if (dx * dx + dy * dy + dz * dz < 1.25 * 1.25) ok = false;
    }
    if (ok) {
      for (int c = 0; c < 3; ++c) xyzq.push_back((float)p[c]);
      xyzq.push_back((float)rng.uniform(-0.8, 0.8));
    }
  }
  check.expect((int)xyzq.size() == 4 * n, "placed every atom");
  std::vector<float> e0 = {0.3f};
  auto f4 = [](DeviceArray<float>& a) { return reinterpret_cast<float4*>(a.ptr); };
  auto run = [&](const std::vector<float>& p, float ep, float sg, const std::vector<float>& ein) {
    DeviceArray<float> d_p(p), d_f(zeros<float>(4 * n)), d_e(ein);
    CUAD_LAUNCH(allpairs_warp_tiles, 2, 32, n, f4(d_p), ep, sg, coulomb, f4(d_f), d_e.ptr);
    std::vector<float> out = d_f.get();
    out.push_back(d_e.get()[0]);
    return out;
  };
#if CUAD_OUTPUT == 1
  std::vector<float> w = rng.vec<float>(4 * n + 1);
  for (int i = 0; i < n; ++i) w[4 * i + 3] = 0.0f;  // force.w is always 0
  auto loss = [&] { return dot(w, run(xyzq, eps, sigma, e0)); };
  const std::vector<float> wf(w.begin(), w.begin() + 4 * n);
  DeviceArray<float> d_p(xyzq), d_f(zeros<float>(4 * n)), d_e(e0), g_p(zeros<float>(4 * n)), g_f(wf),
      g_e(std::vector<float>{w.back()});
  DeviceScalar<float> g_eps, g_sig;
  CUAD_GRAD(CUAD_LAUNCH(allpairs_warp_tiles_grad_1_2_3_5_6, 2, 32, n, f4(d_p), eps, sigma, coulomb, f4(d_f), d_e.ptr,
                        f4(g_p), g_eps.ptr, g_sig.ptr, f4(g_f), g_e.ptr));
  check.array("xyzq", g_p.get(), fd(xyzq, loss));
  check.scalar("eps", g_eps.value(), fd(eps, loss));
  check.scalar("sigma", g_sig.value(), fd(sigma, loss));
  check.array("force", g_f.get(), zeros<double>(4 * n));
  check.scalar("energy", g_e.get()[0], central_difference(e0[0], loss, 0.25));
#else
  const std::vector<float> vp = rng.vec<float>(4 * n, -0.4, 0.4), ve = {0.5f};
  const float veps = 0.2f, vsig = -0.05f;
  auto outputs_at = [&](double t) {
    return as_doubles(run(along(xyzq, t, vp), along(eps, t, veps), along(sigma, t, vsig), along(e0, t, ve)));
  };
  DeviceArray<float> d_p(xyzq), d_f(zeros<float>(4 * n)), d_e(e0), t_p(vp), t_f(zeros<float>(4 * n)), t_e(ve);
  CUAD_GRAD(CUAD_LAUNCH(allpairs_warp_tiles_pushforward_1_2_3_5_6, 2, 32, n, f4(d_p), eps, sigma, coulomb, f4(d_f),
                        d_e.ptr, f4(t_p), veps, vsig, f4(t_f), t_e.ptr));
  std::vector<float> tan = t_f.get();
  tan.push_back(t_e.get()[0]);
  check.array("tangent", as_doubles(tan), directional_fd<float>(outputs_at), default_tol<float>());
#if !defined(CUAD_SELFTEST)
  std::vector<float> val = d_f.get();
  val.push_back(d_e.get()[0]);
  check.array("value", val, as_doubles(run(xyzq, eps, sigma, e0)));
#endif
#endif
  return check.finish();
}
