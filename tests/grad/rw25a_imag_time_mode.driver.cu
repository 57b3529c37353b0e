#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25a_imag_time_mode");
  Rng rng(27121);
  const int n = 48, iters = 30;
  const double h = 0.25, k0 = 6.0, dt = 0.1;
  std::vector<double> dn(n), u0(n);
  for (int i = 0; i < n; ++i) {
    const double x = (i - 23.5) * h;
    dn[i] = 0.03 * std::exp(-x * x / 2.0) + rng.uniform(-0.002, 0.002);
    u0[i] = std::exp(-x * x / 8.0) + rng.uniform(0.0, 0.1);
  }
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(n);
  std::vector<double> m_in = rng.vec(n);
  auto loss = [&] {
    std::vector<double> m = m_in;
    const double b = find_mode(dn.data(), u0.data(), n, h, k0, dt, iters, m.data());
    return b + dot(w, m);
  };
  std::vector<double> m = m_in, gd(n, 0.0), gu(n, 0.0), gm = w;
  CUAD_GRAD(find_mode_grad_0_1_7(dn.data(), u0.data(), n, h, k0, dt, iters, m.data(), gd.data(), gu.data(), gm.data()));
  check.array("dn", gd, fd(dn, loss));
  check.array("u0", gu, fd(u0, loss));
  check.array("mode", gm, fd(m_in, loss));
#else
  const std::vector<double> vd = rng.vec(n, -0.005, 0.005), vu = rng.vec(n, -0.1, 0.1);
  auto outputs_at = [&](double t) {
    std::vector<double> m(n, 0.0);
    const std::vector<double> d2 = along(dn, t, vd), u2 = along(u0, t, vu);
    const double b = find_mode(d2.data(), u2.data(), n, h, k0, dt, iters, m.data());
    m.push_back(b);
    return m;
  };
  std::vector<double> m(n, 0.0), tm(n, 0.0);
  double tb = 0.0, vb = 0.0;
#if !defined(CUAD_SELFTEST)
  const auto r = find_mode_pushforward_0_1_7(dn.data(), u0.data(), n, h, k0, dt, iters, m.data(), vd.data(), vu.data(),
                                             tm.data());
  tb = r.pushforward;
  vb = r.value;
#endif
  std::vector<double> got = tm;
  got.push_back(tb);
  check.array("tangents", got, directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  std::vector<double> m2(n, 0.0);
  const double b2 = find_mode(dn.data(), u0.data(), n, h, k0, dt, iters, m2.data());
  check.scalar("beta value", vb, b2);
  check.array("mode value", m, m2);
#endif
#endif
  return check.finish();
}
