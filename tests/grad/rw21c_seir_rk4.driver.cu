#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw21c_seir_rk4");
  // Gradients whose tapes spill to device malloc: compute-sanitizer's instrumented malloc needs
  // more stack than a 2 KB tape frame leaves (README: per-thread tapes).
  check_cuda(cudaDeviceSetLimit(cudaLimitStackSize, 8 * 1024), "cudaDeviceSetLimit");
  const int members = 24;
  SeirParams prm{0.4, 0.25, 0.02, 0.95, 0.5, 40};
  Rng rng(21038);
  std::vector<double> y0(4 * members), beta = rng.vec(members, 0.5, 1.2);
  for (int m = 0; m < members; ++m) {
    const double e = rng.uniform(0.001, 0.02), i = rng.uniform(0.001, 0.02), r = rng.uniform(0.0, 0.2);
    y0[4 * m] = 1.0 - e - i - r;
    y0[4 * m + 1] = e;
    y0[4 * m + 2] = i;
    y0[4 * m + 3] = r;
  }
  auto run = [&](const std::vector<double>& yy, const std::vector<double>& bb, SeirParams p) {
    DeviceArray<double> dy(yy), db(bb), de(zeros<double>(4 * members)), dp(zeros<double>(members));
    CUAD_LAUNCH(seir_ensemble, 1, 32, dy.ptr, db.ptr, p, de.ptr, dp.ptr, members);
    std::vector<double> out = de.get(), pk = dp.get();
    out.insert(out.end(), pk.begin(), pk.end());
    return out;
  };
#if CUAD_OUTPUT == 1
  const std::vector<double> we = rng.vec(4 * members), wp = rng.vec(members);
  std::vector<double> w = we;
  w.insert(w.end(), wp.begin(), wp.end());
  auto loss = [&] { return dot(w, run(y0, beta, prm)); };
  DeviceArray<double> dy(y0), db(beta), de(zeros<double>(4 * members)), dp(zeros<double>(members));
  DeviceArray<double> ay(zeros<double>(4 * members)), ab(zeros<double>(members)), ae(we), ap(wp);
  DeviceArray<SeirParams> aprm(std::vector<SeirParams>{SeirParams{0, 0, 0, 0, 0, 0}});
  CUAD_GRAD(CUAD_LAUNCH(seir_ensemble_grad_0_1_2_3_4, 1, 32, dy.ptr, db.ptr, prm, de.ptr, dp.ptr,
                        members, ay.ptr, ab.ptr, aprm.ptr, ae.ptr, ap.ptr));
  check.array("y0", ay.get(), fd(y0, loss));
  check.array("beta", ab.get(), fd(beta, loss));
  const SeirParams g = aprm.get()[0];
  check.scalar("sigma", g.sigma, fd(prm.sigma, loss));
  check.scalar("gamma", g.gamma, fd(prm.gamma, loss));
  check.scalar("omega", g.omega, fd(prm.omega, loss));
  check.scalar("alpha", g.alpha, fd(prm.alpha, loss));
  check.scalar("dt", g.dt, fd(prm.dt, loss));
  check.array("y_end", ae.get(), zeros<double>(4 * members));
  check.array("peak", ap.get(), zeros<double>(members));
#else
  std::vector<double> vy = rng.vec(4 * members, -0.001, 0.001), vb = rng.vec(members, -0.2, 0.2);
  SeirParams vp{0.1, -0.05, 0.01, 0.03, 0.02, 0};
  auto outputs_at = [&](double t) {
    SeirParams p = prm;
    p.sigma = along(prm.sigma, t, vp.sigma);
    p.gamma = along(prm.gamma, t, vp.gamma);
    p.omega = along(prm.omega, t, vp.omega);
    p.alpha = along(prm.alpha, t, vp.alpha);
    p.dt = along(prm.dt, t, vp.dt);
    return run(along(y0, t, vy), along(beta, t, vb), p);
  };
  DeviceArray<double> dy(y0), db(beta), de(zeros<double>(4 * members)), dp(zeros<double>(members));
  DeviceArray<double> ty(vy), tb(vb), te(4 * members, 9.0), tp(members, 9.0);
  CUAD_GRAD(CUAD_LAUNCH(seir_ensemble_pushforward, 1, 32, dy.ptr, db.ptr, prm, de.ptr,
                        dp.ptr, members, ty.ptr, tb.ptr, vp, te.ptr, tp.ptr));
  std::vector<double> got = te.get(), pk = tp.get();
  got.insert(got.end(), pk.begin(), pk.end());
  check.array("y_end, peak tangents", got, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
