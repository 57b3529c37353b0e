#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25d_lambda_neighbor_visit");
  Rng rng(25423);
  const int n = 27;
  const double box = 4.5, rc = 2.0;
  std::vector<double> pos(3 * n), q(n);
  std::vector<int> start, nbr;
  auto mi = [&](double d) { return d - box * std::rint(d / box); };
  for (int tries = 0;; ++tries) {
    for (int i = 0; i < n; ++i) {
      const int a = i % 3, b = (i / 3) % 3, c = i / 9;
      pos[3 * i] = 1.5 * a + rng.uniform(-0.2, 0.2);
      pos[3 * i + 1] = 1.5 * b + rng.uniform(-0.2, 0.2);
      pos[3 * i + 2] = 1.5 * c + rng.uniform(-0.2, 0.2);
      q[i] = ((a + b + c) % 2 ? 1.0 : -1.0) * rng.uniform(0.6, 1.0);
    }
    bool ok = true;
    start.assign(1, 0);
    nbr.clear();
    for (int i = 0; i < n; ++i) {
      for (int j = 0; j < n; ++j) {
        if (j == i) continue;
        double r2 = 0;
        for (int d = 0; d < 3; ++d) {
          const double dd = mi(pos[3 * i + d] - pos[3 * j + d]);
          ok = ok && std::fabs(std::fabs(dd) - box / 2) > 1e-3;
          r2 += dd * dd;
        }
        ok = ok && std::fabs(std::sqrt(r2) - rc) > 1e-3;
        if (std::sqrt(r2) < rc + 0.3) nbr.push_back(j);
      }
      start.push_back((int)nbr.size());
    }
    if (ok || tries > 100) {
      check.expect(ok, "pairs away from the cutoff and half box");
      break;
    }
  }
  double alpha = 0.9;
  const int m = 4 * n;
  auto run = [&](const std::vector<double>& p, const std::vector<double>& qq, double a) {
    DeviceArray<double> dp(p), dq(qq), dout(zeros<double>(m));
    DeviceArray<int> ds(start), dn(nbr);
    CUAD_LAUNCH(coulomb_wolf, 1, 32, n, dp.ptr, dq.ptr, ds.ptr, dn.ptr, box, rc, a, dout.ptr);
    return dout.get();
  };
  DeviceArray<double> dp(pos), dq(q), dout(zeros<double>(m));
  DeviceArray<int> ds(start), dn(nbr);
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(m);
  auto loss = [&] { return dot(w, run(pos, q, alpha)); };
  DeviceArray<double> gp(zeros<double>(3 * n)), gq(zeros<double>(n)), ga(zeros<double>(1)), gout(w);
  CUAD_GRAD(CUAD_LAUNCH(coulomb_wolf_grad_1_2_7_8, 1, 32, n, dp.ptr, dq.ptr, ds.ptr, dn.ptr, box, rc, alpha, dout.ptr,
                        gp.ptr, gq.ptr, ga.ptr, gout.ptr));
  check.array("pos", gp.get(), fd(pos, loss));
  check.array("q", gq.get(), fd(q, loss));
  check.scalar("alpha", ga.get()[0], fd(alpha, loss));
  check.array("out", gout.get(), zeros<double>(m));
#else
  const std::vector<double> vp = rng.vec(3 * n, -0.3, 0.3), vq = rng.vec(n);
  const double va = 0.2;
  auto outputs_at = [&](double t) { return run(along(pos, t, vp), along(q, t, vq), along(alpha, t, va)); };
  DeviceArray<double> tp(vp), tq(vq), tout(zeros<double>(m));
  CUAD_GRAD(CUAD_LAUNCH(coulomb_wolf_pushforward_1_2_7_8, 1, 32, n, dp.ptr, dq.ptr, ds.ptr, dn.ptr, box, rc, alpha,
                        dout.ptr, tp.ptr, tq.ptr, va, tout.ptr));
  check.array("tangent", tout.get(), directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  check.array("value", dout.get(), run(pos, q, alpha));
#endif
#endif
  return check.finish();
}
