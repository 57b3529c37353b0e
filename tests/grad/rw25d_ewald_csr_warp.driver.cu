#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25d_ewald_csr_warp");
  Rng rng(25404);
  const int n = 40;
  const double box = 4.0, rcut = 1.9, skin = 0.3;
  std::vector<double> pos(3 * n), q(n);
  // jittered lattice so no pair is too close
  for (int i = 0; i < n; ++i) {
    const int a = i % 4, b = (i / 4) % 4, c = i / 16;
    pos[3 * i] = a + rng.uniform(-0.2, 0.2);
    pos[3 * i + 1] = b + rng.uniform(-0.2, 0.2);
    pos[3 * i + 2] = c * 1.3 + rng.uniform(-0.2, 0.2);
    q[i] = (i % 2 ? 1.0 : -1.0) * rng.uniform(0.5, 1.2);
  }
  double alpha = 1.1;
  // half list with skin: j > i within rcut + skin, pairs near the cutoff moved out of the way
  auto mi = [&](double d) { return d - box * std::rint(d / box); };
  std::vector<int> start(n + 1, 0), idx;
  int outside = 0;
  for (int i = 0; i < n; ++i) {
    start[i] = (int)idx.size();
    for (int j = i + 1; j < n; ++j) {
      double r2 = 0;
      for (int k = 0; k < 3; ++k) r2 += std::pow(mi(pos[3 * i + k] - pos[3 * j + k]), 2);
      const double r = std::sqrt(r2);
      check.expect(std::fabs(r - rcut) > 1e-3, "pair away from the cutoff");
      for (int k = 0; k < 3 && r < rcut; ++k) check.expect(std::fabs(std::fabs(mi(pos[3 * i + k] - pos[3 * j + k])) - box / 2) > 1e-3, "away from half box");
      if (r < rcut + skin) {
        idx.push_back(j);
        outside += r > rcut;
      }
    }
  }
  start[n] = (int)idx.size();
  std::printf("%zu listed pairs, %d past the cutoff\n", idx.size(), outside);
  check.expect(outside > 0, "some listed pairs skipped");
  auto run = [&](const std::vector<double>& p, const std::vector<double>& qq, double a, std::vector<double>& f) {
    DeviceArray<double> dp(p), dq(qq), df(zeros<double>(3 * n)), de(zeros<double>(1));
    DeviceArray<int> ds(start), di(idx);
    CUAD_LAUNCH(ewald_real_csr, 2, 32, n, dp.ptr, dq.ptr, ds.ptr, di.ptr, box, rcut, a, df.ptr, de.ptr);
    f = df.get();
    return de.get()[0];
  };
  DeviceArray<int> ds(start), di(idx);
#if CUAD_OUTPUT == 1
  const std::vector<double> wf = rng.vec(3 * n);
  const double we = 0.7;
  auto loss = [&] {
    std::vector<double> f;
    const double e = run(pos, q, alpha, f);
    return we * e + dot(wf, f);
  };
  DeviceArray<double> dp(pos), dq(q), df(zeros<double>(3 * n)), de(zeros<double>(1)), gp(zeros<double>(3 * n)),
      gq(zeros<double>(n)), ga(zeros<double>(1)), gf(wf), ge(std::vector<double>{we});
  CUAD_GRAD(CUAD_LAUNCH(ewald_real_csr_grad_1_2_7_8_9, 2, 32, n, dp.ptr, dq.ptr, ds.ptr, di.ptr, box, rcut, alpha,
                        df.ptr, de.ptr, gp.ptr, gq.ptr, ga.ptr, gf.ptr, ge.ptr));
  check.array("pos", gp.get(), fd(pos, loss));
  check.array("charge", gq.get(), fd(q, loss));
  check.scalar("alpha", ga.get()[0], fd(alpha, loss));
  // force and energy are accumulated into (atomicAdd): their adjoints are the seeds
  check.array("force", gf.get(), wf);
  check.array("energy", ge.get(), std::vector<double>{we});
#else
  const std::vector<double> vp = rng.vec(3 * n, -0.5, 0.5), vq = rng.vec(n);
  const double va = 0.3;
  auto outputs_at = [&](double t) {
    std::vector<double> f;
    const double e = run(along(pos, t, vp), along(q, t, vq), along(alpha, t, va), f);
    f.push_back(e);
    return f;
  };
  DeviceArray<double> dp(pos), dq(q), df(zeros<double>(3 * n)), de(zeros<double>(1)), tp(vp), tq(vq),
      tf(zeros<double>(3 * n)), te(zeros<double>(1));
  CUAD_GRAD(CUAD_LAUNCH(ewald_real_csr_pushforward_1_2_7_8_9, 2, 32, n, dp.ptr, dq.ptr, ds.ptr, di.ptr, box, rcut,
                        alpha, df.ptr, de.ptr, tp.ptr, tq.ptr, va, tf.ptr, te.ptr));
  std::vector<double> tan = tf.get();
  tan.push_back(te.get()[0]);
  check.array("force/energy tangent", tan, directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  std::vector<double> f0;
  const double e0 = run(pos, q, alpha, f0);
  std::vector<double> val = df.get();
  val.push_back(de.get()[0]);
  f0.push_back(e0);
  check.array("value", val, f0);
#endif
#endif
  return check.finish();
}
