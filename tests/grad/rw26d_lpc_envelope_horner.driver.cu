#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// reference envelope on the host (direct sum), to check the primal's Horner unrolling
static double env_ref(const double* a, double g, int k, int nb) {
  const double om = M_PI * (k + 0.5) / nb;
  double re = 1.0, im = 0.0;
  for (int j = 1; j <= 6; ++j) {
    re += a[j - 1] * std::cos(j * om);
    im -= a[j - 1] * std::sin(j * om);
  }
  return 10.0 * std::log10(g * g / (re * re + im * im));
}

int main() {
  Checker check("rw26d_lpc_envelope_horner");
  Rng rng(26416);
  const int P = 6, nf = 3, nb = 20;
  std::vector<double> a = rng.vec<double>(nf * P, -0.3, 0.3), gain = rng.vec<double>(nf, 0.5, 2.0);
  auto run = [&](const std::vector<double>& aa, const std::vector<double>& gg) {
    DeviceArray<double> d_a(aa), d_g(gg), d_e(zeros<double>(nf * nb));
    CUAD_LAUNCH(lpc_envelope<6>, 2, 32, d_a.ptr, d_g.ptr, nf, nb, d_e.ptr);
    return d_e.get();
  };
  {
    const std::vector<double> e = run(a, gain);
    double worst = 0;
    for (int f = 0; f < nf; ++f)
      for (int k = 0; k < nb; ++k) worst = std::fmax(worst, std::fabs(e[f * nb + k] - env_ref(&a[f * P], gain[f], k, nb)));
    check.expect(worst < 1e-9, "Horner envelope matches the direct sum");
  }
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec<double>(nf * nb);
  auto loss = [&] { return dot(w, run(a, gain)); };
  DeviceArray<double> d_a(a), d_g(gain), d_e(zeros<double>(nf * nb)), g_a(zeros<double>(nf * P)), g_g(zeros<double>(nf)),
      g_e(w);
  CUAD_GRAD(CUAD_LAUNCH(lpc_envelope_grad_0_1_4<6>, 2, 32, d_a.ptr, d_g.ptr, nf, nb, d_e.ptr, g_a.ptr, g_g.ptr, g_e.ptr));
  check.array("a", g_a.get(), fd(a, loss));
  check.array("gain", g_g.get(), fd(gain, loss));
  check.array("env", g_e.get(), zeros<double>(nf * nb));
#else
  const std::vector<double> va = rng.vec<double>(nf * P), vg = rng.vec<double>(nf), ve = rng.vec<double>(nf * nb);
  auto outputs_at = [&](double t) { return run(along(a, t, va), along(gain, t, vg)); };
  DeviceArray<double> d_a(a), d_g(gain), d_e(zeros<double>(nf * nb)), t_a(va), t_g(vg), t_e(ve);
  CUAD_GRAD(CUAD_LAUNCH(lpc_envelope_pushforward<6>, 2, 32, d_a.ptr, d_g.ptr, nf, nb, d_e.ptr, t_a.ptr, t_g.ptr, t_e.ptr));
  check.array("env tangent", t_e.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
