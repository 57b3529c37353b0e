#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25d_lj_virial_accum");
  Rng rng(25419);
  const int n = 30;
  const double rc = 2.1;
  std::vector<double> pos(3 * n);
  std::vector<int> type(n);
  std::vector<int> start, nbr;
  for (int tries = 0;; ++tries) {
    for (int i = 0; i < n; ++i) {
      const int a = i % 3, b = (i / 3) % 3, c = i / 9;
      pos[3 * i] = 1.15 * a + rng.uniform(-0.12, 0.12);
      pos[3 * i + 1] = 1.15 * b + rng.uniform(-0.12, 0.12);
      pos[3 * i + 2] = 1.15 * c + rng.uniform(-0.12, 0.12);
      type[i] = (a + 2 * b + c) % 3;
    }
    bool ok = true;
    start.assign(1, 0);
    nbr.clear();
    for (int i = 0; i < n; ++i) {
      for (int j = 0; j < n; ++j) {
        if (j == i) continue;
        double r2 = 0;
        for (int d = 0; d < 3; ++d) r2 += std::pow(pos[3 * i + d] - pos[3 * j + d], 2);
        const double r = std::sqrt(r2);
        ok = ok && std::fabs(r - rc) > 0.01;
        if (r < rc + 0.4) nbr.push_back(j);  // list with a skin
      }
      start.push_back((int)nbr.size());
    }
    if (ok || tries > 100) {
      check.expect(ok, "pairs away from the cutoff");
      break;
    }
  }
  std::vector<double> eps = {0.9, 0.6, 1.2}, sig = {1.0, 0.9, 1.1};
  const int m = 7 * n;
  auto run = [&](const std::vector<double>& p, const std::vector<double>& e, const std::vector<double>& s) {
    DeviceArray<double> dp(p), de(e), ds(s), dout(zeros<double>(m));
    DeviceArray<int> dt(type), dst(start), dn(nbr);
    CUAD_LAUNCH(lj_energy_virial, 1, 32, n, dp.ptr, dt.ptr, dst.ptr, dn.ptr, de.ptr, ds.ptr, rc, dout.ptr);
    return dout.get();
  };
  DeviceArray<double> dp(pos), de(eps), ds(sig), dout(zeros<double>(m));
  DeviceArray<int> dt(type), dst(start), dn(nbr);
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(m, -0.2, 0.2);
  auto loss = [&] { return dot(w, run(pos, eps, sig)); };
  DeviceArray<double> gp(zeros<double>(3 * n)), ge(zeros<double>(3)), gs(zeros<double>(3)), gout(w);
  CUAD_GRAD(CUAD_LAUNCH(lj_energy_virial_grad_1_5_6_8, 1, 32, n, dp.ptr, dt.ptr, dst.ptr, dn.ptr, de.ptr, ds.ptr, rc,
                        dout.ptr, gp.ptr, ge.ptr, gs.ptr, gout.ptr));
  check.array("pos", gp.get(), fd(pos, loss));
  check.array("eps", ge.get(), fd(eps, loss));
  check.array("sig", gs.get(), fd(sig, loss));
  check.array("out", gout.get(), zeros<double>(m));
#else
  const std::vector<double> vp = rng.vec(3 * n, -0.3, 0.3), ve = rng.vec(3, -0.2, 0.2), vs = rng.vec(3, -0.1, 0.1);
  auto outputs_at = [&](double t) { return run(along(pos, t, vp), along(eps, t, ve), along(sig, t, vs)); };
  DeviceArray<double> tp(vp), te(ve), ts(vs), tout(zeros<double>(m));
  CUAD_GRAD(CUAD_LAUNCH(lj_energy_virial_pushforward_1_5_6_8, 1, 32, n, dp.ptr, dt.ptr, dst.ptr, dn.ptr, de.ptr, ds.ptr,
                        rc, dout.ptr, tp.ptr, te.ptr, ts.ptr, tout.ptr));
  check.array("tangent", tout.get(), directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  check.array("value", dout.get(), run(pos, eps, sig));
#endif
#endif
  return check.finish();
}
