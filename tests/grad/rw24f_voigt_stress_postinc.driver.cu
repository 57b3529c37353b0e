#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24f_voigt_stress_postinc");
  Rng rng(24014);
  const int nelem = 21;
  std::vector<float> gu = rng.vec<float>(9 * nelem, -0.3, 0.3), lam = rng.vec<float>(nelem, 0.5, 2.0),
                     mu = rng.vec<float>(nelem, 0.3, 1.5), sig0 = rng.vec<float>(NVOIGT * nelem),
                     en0 = rng.vec<float>(nelem);
  auto run = [&](const std::vector<float>& g, const std::vector<float>& l, const std::vector<float>& m,
                 const std::vector<float>& s, const std::vector<float>& en) {
    DeviceArray<float> d_g(g), d_l(l), d_m(m), d_s(s), d_e(en);
    CUAD_LAUNCH(hooke_stress, 1, 32, d_g.ptr, d_l.ptr, d_m.ptr, d_s.ptr, d_e.ptr, nelem);
    std::vector<float> o = d_s.get(), oe = d_e.get();
    o.insert(o.end(), oe.begin(), oe.end());
    return o;
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> ws = rng.vec<float>(NVOIGT * nelem), we = rng.vec<float>(nelem);
  std::vector<float> w = ws;
  w.insert(w.end(), we.begin(), we.end());
  auto loss = [&] { return dot(w, run(gu, lam, mu, sig0, en0)); };
  DeviceArray<float> d_g(gu), d_l(lam), d_m(mu), d_s(sig0), d_e(en0), g_g(zeros<float>(9 * nelem)),
      g_l(zeros<float>(nelem)), g_m(zeros<float>(nelem)), g_s(ws), g_e(we);
  CUAD_GRAD(CUAD_LAUNCH(hooke_stress_grad_0_1_2_3_4, 1, 32, d_g.ptr, d_l.ptr, d_m.ptr, d_s.ptr, d_e.ptr, nelem,
                        g_g.ptr, g_l.ptr, g_m.ptr, g_s.ptr, g_e.ptr));
  check.array("grad_u", g_g.get(), fd(gu, loss));
  check.array("lambda", g_l.get(), fd(lam, loss));
  check.array("mu", g_m.get(), fd(mu, loss));
  check.array("sigma", g_s.get(), zeros<double>(NVOIGT * nelem));
  check.array("energy", g_e.get(), zeros<double>(nelem));
#else
  const std::vector<float> vg = rng.vec<float>(9 * nelem), vl = rng.vec<float>(nelem), vm = rng.vec<float>(nelem),
                           vs = rng.vec<float>(NVOIGT * nelem), ve = rng.vec<float>(nelem);
  auto outputs_at = [&](double t) {
    return as_doubles(run(along(gu, t, vg), along(lam, t, vl), along(mu, t, vm), along(sig0, t, vs), along(en0, t, ve)));
  };
  DeviceArray<float> d_g(gu), d_l(lam), d_m(mu), d_s(sig0), d_e(en0), t_g(vg), t_l(vl), t_m(vm), t_s(vs), t_e(ve);
  CUAD_GRAD(CUAD_LAUNCH(hooke_stress_pushforward, 1, 32, d_g.ptr, d_l.ptr, d_m.ptr, d_s.ptr, d_e.ptr, nelem, t_g.ptr,
                        t_l.ptr, t_m.ptr, t_s.ptr, t_e.ptr));
  std::vector<float> t = t_s.get(), te = t_e.get();
  t.insert(t.end(), te.begin(), te.end());
  check.array("tangent", as_doubles(t), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
