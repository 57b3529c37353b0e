#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw12_sci_host_rk4_fhn");
  const int n = 50, nsteps = 4;  // two blocks, the second partial
  const double dt = 0.05;
  Rng rng(1207);
  std::vector<double> v = rng.vec(n, -0.2, 1.0), w = rng.vec(n, 0.0, 0.3);
  std::vector<double> coef = {0.8, 0.13, 0.08, 0.5, 0.05};
#if CUAD_OUTPUT == 1
  std::vector<double> wv = rng.vec(n), ww = rng.vec(n);
  auto loss = [&] {
    std::vector<double> sv = v, sw = w;
    double m = fhn_rk4(sv.data(), sw.data(), coef.data(), dt, n, nsteps);
    return m + dot(wv, sv) + dot(ww, sw);
  };
  std::vector<double> sv = v, sw = w, av = wv, aw = ww, ac(5, 0.0);
  CUAD_GRAD(fhn_rk4_grad_0_1_2(sv.data(), sw.data(), coef.data(), dt, n, nsteps, av.data(),
                               aw.data(), ac.data()));
  check.array("v", av, fd(v, loss));
  check.array("w", aw, fd(w, loss));
  check.array("coef", ac, fd(coef, loss));
#else
  std::vector<double> tv = rng.vec(n), tw = rng.vec(n), tc = rng.vec(5, -0.2, 0.2);
  auto outputs_at = [&](double t) {
    std::vector<double> sv = along(v, t, tv), sw = along(w, t, tw), c = along(coef, t, tc);
    double m = fhn_rk4(sv.data(), sw.data(), c.data(), dt, n, nsteps);
    std::vector<double> out = sv;
    out.insert(out.end(), sw.begin(), sw.end());
    out.push_back(m);
    return out;
  };
  std::vector<double> sv = v, sw = w, dv = tv, dw = tw;
  double value = 0.0, tangent = 0.0;
  CUAD_GRAD(auto r = fhn_rk4_pushforward_0_1_2(sv.data(), sw.data(), coef.data(), dt, n, nsteps,
                                               dv.data(), dw.data(), tc.data());
            value = r.value; tangent = r.pushforward);
  std::vector<double> got = dv;
  got.insert(got.end(), dw.begin(), dw.end());
  got.push_back(tangent);
  check.array("v, w, mean", got, directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  std::vector<double> v2 = v, w2 = w;
  check.scalar("value", value, fhn_rk4(v2.data(), w2.data(), coef.data(), dt, n, nsteps));
#endif
#endif
  return check.finish();
}
