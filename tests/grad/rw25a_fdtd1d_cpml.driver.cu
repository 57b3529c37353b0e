#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25a_fdtd1d_cpml");
  Rng rng(25101);
  const int n = 40, nt = 56, src = 12, rx = 27;
  std::vector<double> eps = rng.vec(n, 1.0, 4.0), sig = rng.vec(n, 0.0, 0.3);
  double amp = 1.3, t0 = 9.5;
  const double spread = 4.0;
#if CUAD_OUTPUT == 1
  const std::vector<double> wp = rng.vec(nt);
  auto loss = [&] {
    std::vector<double> probe(nt, 0.0);
    const double e = fdtd1d_run(eps.data(), sig.data(), amp, t0, spread, probe.data(), n, nt, src, rx);
    return e + dot(wp, probe);
  };
  std::vector<double> probe(nt, 0.0), g_eps(n, 0.0), g_sig(n, 0.0), g_probe = wp;
  double g_amp = 0.0, g_t0 = 0.0;
  CUAD_GRAD(fdtd1d_run_grad_0_1_2_3_5(eps.data(), sig.data(), amp, t0, spread, probe.data(), n, nt,
                                      src, rx, g_eps.data(), g_sig.data(), &g_amp, &g_t0,
                                      g_probe.data()));
  check.array("eps_r", g_eps, fd(eps, loss));
  check.array("sigma", g_sig, fd(sig, loss));
  check.scalar("amp", g_amp, fd(amp, loss));
  check.scalar("t0", g_t0, fd(t0, loss));
  check.array("probe", g_probe, zeros<double>(nt));
#else
  const std::vector<double> ve = rng.vec(n), vs = rng.vec(n);
  const double va = 0.7, vt = -1.2;
  auto outputs_at = [&](double t) {
    std::vector<double> probe(nt, 0.0);
    const std::vector<double> e2 = along(eps, t, ve), s2 = along(sig, t, vs);
    const double e = fdtd1d_run(e2.data(), s2.data(), along(amp, t, va), along(t0, t, vt), spread,
                                probe.data(), n, nt, src, rx);
    probe.push_back(e);
    return probe;
  };
  std::vector<double> probe(nt, 0.0), t_probe(nt, 0.0);
  double value = 0.0, tangent = 0.0;
#if !defined(CUAD_SELFTEST)
  auto r = fdtd1d_run_pushforward_0_1_2_3_5(eps.data(), sig.data(), amp, t0, spread, probe.data(), n,
                                            nt, src, rx, ve.data(), vs.data(), va, vt, t_probe.data());
  value = r.value;
  tangent = r.pushforward;
#endif
  std::vector<double> got = t_probe;
  got.push_back(tangent);
  check.array("tangents", got, directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  std::vector<double> p2(nt, 0.0);
  const double e = fdtd1d_run(eps.data(), sig.data(), amp, t0, spread, p2.data(), n, nt, src, rx);
  check.scalar("value", value, e);
  check.array("probe value", probe, as_doubles(p2));
#endif
#endif
  return check.finish();
}
