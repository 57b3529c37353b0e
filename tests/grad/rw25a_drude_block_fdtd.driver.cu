#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25a_drude_block_fdtd");
  Rng rng(25606);
  const int N = 64, nblk = 2, nt = 70, src = 18, probe = 45;
  const double dt = 0.5;
  std::vector<double> eps(N * nblk), wp(N * nblk);
  for (int b = 0; b < nblk; ++b)
    for (int i = 0; i < N; ++i) {
      const bool slab = i >= 28 && i < 38;
      eps[b * N + i] = slab ? rng.uniform(1.5, 3.0) : rng.uniform(1.0, 1.2);
      wp[b * N + i] = slab ? rng.uniform(0.2, 0.6) : rng.uniform(0.0, 0.05);
    }
  double gamma = 0.08, amp = 1.2;
  auto run = [&](const std::vector<double>& e, const std::vector<double>& w, double gm, double a,
                 const std::vector<double>& tr0) {
    DeviceArray<double> de(e), dw(w), dtr(tr0);
    CUAD_LAUNCH(fdtd_drude_block<64>, nblk, N, de.ptr, dw.ptr, gm, a, nt, src, probe, dt, dtr.ptr);
    return dtr.get();
  };
  const std::vector<double> tr0 = rng.vec(nblk * nt);
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(nblk * nt);
  auto loss = [&] { return dot(w, run(eps, wp, gamma, amp, tr0)); };
  DeviceArray<double> de(eps), dw(wp), dtr(tr0), ge(zeros<double>(N * nblk)), gw(zeros<double>(N * nblk)),
      gtr(w);
  DeviceScalar<double> gg, ga;
  CUAD_GRAD(CUAD_LAUNCH(fdtd_drude_block_grad_0_1_2_3_8<64>, nblk, N, de.ptr, dw.ptr, gamma, amp, nt, src,
                        probe, dt, dtr.ptr, ge.ptr, gw.ptr, gg.ptr, ga.ptr, gtr.ptr));
  check.array("eps_inf", ge.get(), fd(eps, loss));
  check.array("wp", gw.get(), fd(wp, loss));
  check.scalar("gamma", gg.value(), fd(gamma, loss));
  check.scalar("amp", ga.value(), fd(amp, loss));
  check.array("trace", gtr.get(), zeros<double>(nblk * nt));
#else
  const std::vector<double> ve = rng.vec(N * nblk, -0.2, 0.2), vw = rng.vec(N * nblk, -0.1, 0.1);
  const double vg = 0.05, va = -0.4;
  auto outputs_at = [&](double t) {
    return run(along(eps, t, ve), along(wp, t, vw), along(gamma, t, vg), along(amp, t, va), tr0);
  };
  DeviceArray<double> de(eps), dw(wp), dtr(tr0), te(ve), tw(vw), ttr(zeros<double>(nblk * nt));
  CUAD_GRAD(CUAD_LAUNCH(fdtd_drude_block_pushforward_0_1_2_3_8<64>, nblk, N, de.ptr, dw.ptr, gamma, amp, nt,
                        src, probe, dt, dtr.ptr, te.ptr, tw.ptr, vg, va, ttr.ptr));
  check.array("trace tangent", ttr.get(), directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  check.array("trace value", dtr.get(), run(eps, wp, gamma, amp, tr0));
#endif
#endif
  return check.finish();
}
