#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23b_fene_berendsen");
  Rng rng(23209);
  const int n = 16, steps = 4;
  const double dt = 0.004, T0 = 1.0, tau = 0.05;
  double k_fene = 30.0;
  // a random walk with bond length ~0.97 and no non-bonded overlap or pair at the WCA cutoff
  std::vector<double> pos(3 * n, 0.0);
  const double rc = std::pow(2.0, 1.0 / 6.0);
  for (int i = 1; i < n; ++i) {
    for (int tries = 0; tries < 10000; ++tries) {
      double d[3] = {rng.uniform(-1, 1), rng.uniform(-1, 1), rng.uniform(-1, 1)};
      const double l = std::sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
      const double b = rng.uniform(0.92, 1.02);
      for (int c = 0; c < 3; ++c) pos[3 * i + c] = pos[3 * (i - 1) + c] + b * d[c] / l;
      bool ok = true;
      for (int j = 0; j < i - 1; ++j) {
        double r2 = 0;
        for (int c = 0; c < 3; ++c) r2 += (pos[3 * i + c] - pos[3 * j + c]) * (pos[3 * i + c] - pos[3 * j + c]);
        const double r = std::sqrt(r2);
        if (r < 0.95 || std::fabs(r - rc) < 0.03) ok = false;
      }
      // the bonded neighbour is inside the WCA range too: keep it off the cutoff
      if (std::fabs(b - rc) < 0.03) ok = false;
      if (ok) break;
    }
  }
  std::vector<double> vel = rng.vec(3 * n, -1.2, 1.2);
#if CUAD_OUTPUT == 1
  const std::vector<double> wx = rng.vec(3 * n), wv = rng.vec(3 * n);
  auto loss = [&] {
    std::vector<double> p = pos, v = vel;
    const double r = run_polymer(p.data(), v.data(), n, k_fene, dt, T0, tau, steps);
    return r + dot(wx, p) + dot(wv, v);
  };
  std::vector<double> p = pos, v = vel, gp = wx, gv = wv;
  double gk = 0.0;
  CUAD_GRAD(run_polymer_grad_0_1_3(p.data(), v.data(), n, k_fene, dt, T0, tau, steps, gp.data(), gv.data(), &gk));
  check.array("pos", gp, fd(pos, loss));
  check.array("vel", gv, fd(vel, loss));
  check.scalar("k_fene", gk, fd(k_fene, loss));
#else
  const std::vector<double> tp = rng.vec(3 * n, -0.2, 0.2), tv = rng.vec(3 * n);
  const double tk = 2.0;
  auto outputs_at = [&](double t) {
    std::vector<double> p = along(pos, t, tp), v = along(vel, t, tv);
    const double r = run_polymer(p.data(), v.data(), n, along(k_fene, t, tk), dt, T0, tau, steps);
    std::vector<double> out = p;
    out.insert(out.end(), v.begin(), v.end());
    out.push_back(r);
    return out;
  };
  std::vector<double> p = pos, v = vel, dp = tp, dv = tv;
  double value = 0.0, tangent = 0.0;
  CUAD_GRAD({
    const auto res = run_polymer_pushforward_0_1_3(p.data(), v.data(), n, k_fene, dt, T0, tau, steps, dp.data(), dv.data(),
                                             tk);
    value = res.value;
    tangent = res.pushforward;
  });
  std::vector<double> tan = dp;
  tan.insert(tan.end(), dv.begin(), dv.end());
  tan.push_back(tangent);
  check.array("tangents (pos, vel, return)", tan, directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  std::vector<double> p0 = pos, v0 = vel;
  check.scalar("value", value, run_polymer(p0.data(), v0.data(), n, k_fene, dt, T0, tau, steps));
#endif
#endif
  return check.finish();
}
