#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25a_hard_source_spectrum");
  Rng rng(27020);
  const int n = 60, nt = 70, src = 8, probe = 50, nf = 5;
  std::vector<double> eps(n, 1.0);
  for (int i = 20; i < 40; ++i) eps[i] = ((i / 3) % 2 ? 2.2 : 1.4) + rng.uniform(-0.05, 0.05);
  for (int i = 0; i < n; ++i) eps[i] += rng.uniform(0.0, 0.02);
  const std::vector<double> freqs = {0.12, 0.19, 0.26, 0.33, 0.41};
  double amp = 1.1, t0 = 14.0;
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(nf);
  auto loss = [&] {
    std::vector<double> pw(nf, 0.0);
    const double tot = transmission_spectrum(eps.data(), amp, t0, n, nt, src, probe, freqs.data(), nf, pw.data());
    return tot + dot(w, pw);
  };
  std::vector<double> pw(nf, 0.0), ge(n, 0.0), gp = w;
  double ga = 0.0, gt = 0.0;
  CUAD_GRAD(transmission_spectrum_grad_0_1_2_9(eps.data(), amp, t0, n, nt, src, probe, freqs.data(), nf, pw.data(),
                                               ge.data(), &ga, &gt, gp.data()));
  check.array("eps_r", ge, fd(eps, loss));
  check.scalar("amp", ga, fd(amp, loss));
  check.scalar("t0", gt, fd(t0, loss));
  check.array("power", gp, zeros<double>(nf));
#else
  const std::vector<double> ve = rng.vec(n, -0.1, 0.1);
  const double va = 0.3, vt = -0.7;
  auto outputs_at = [&](double t) {
    std::vector<double> pw(nf, 0.0);
    const std::vector<double> e2 = along(eps, t, ve);
    const double tot = transmission_spectrum(e2.data(), along(amp, t, va), along(t0, t, vt), n, nt, src, probe,
                                             freqs.data(), nf, pw.data());
    pw.push_back(tot);
    return pw;
  };
  std::vector<double> pw(nf, 0.0), tp(nf, 0.0);
  double tot_t = 0.0;
#if !defined(CUAD_SELFTEST)
  const auto r = transmission_spectrum_pushforward_0_1_2_9(eps.data(), amp, t0, n, nt, src, probe, freqs.data(), nf,
                                                           pw.data(), ve.data(), va, vt, tp.data());
  tot_t = r.pushforward;
#endif
  std::vector<double> got = tp;
  got.push_back(tot_t);
  check.array("tangents", got, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
