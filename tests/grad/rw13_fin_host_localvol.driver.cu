#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw13_fin_host_localvol");
  const int np = 150, nk = 6, ntab = LV_NX * LV_NT;
  Rng rng(606);
  std::vector<double> tab(ntab);
  for (int j = 0; j < LV_NT; ++j)
    for (int i = 0; i < LV_NX; ++i)
      tab[j * LV_NX + i] = 0.2 + 0.05 * (i - 4) * (i - 4) / 16.0 - 0.01 * j + rng.uniform(-0.01, 0.01);
  std::vector<double> z(LV_STEPS * np);
  for (auto& x : z) {
    const double u1 = rng.uniform(0.02, 1.0), u2 = rng.uniform(0.0, 1.0);
    x = sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
  }
  std::vector<double> strikes = {82.5, 91.3, 99.1, 104.7, 112.2, 121.9};
  double spot = 100.0;
  const double rate = 0.02, T = 1.0;
  std::vector<double> out0 = rng.vec(nk), w = rng.vec(nk);
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    std::vector<double> o = out0;
    localvol_strip(tab.data(), spot, rate, T, z.data(), strikes.data(), np, nk, o.data());
    return dot(w, o);
  };
  std::vector<double> o = out0, a_o = w, a_tab(ntab, 0.0);
  double a_spot = 0.0;
  CUAD_GRAD(localvol_strip_grad_0_1_8(tab.data(), spot, rate, T, z.data(), strikes.data(), np, nk,
                                      o.data(), a_tab.data(), &a_spot, a_o.data()));
  check.array("vol_tab", a_tab, fd(tab, loss));
  check.scalar("spot", a_spot, fd(spot, loss));
  check.array("out", a_o, std::vector<double>(nk, 0.0));
#else
  std::vector<double> vtab = rng.vec(ntab, -0.05, 0.05);
  const double vspot = 2.0;
  auto outputs_at = [&](double t) {
    std::vector<double> tb = along(tab, t, vtab), o = out0;
    localvol_strip(tb.data(), along(spot, t, vspot), rate, T, z.data(), strikes.data(), np, nk,
                   o.data());
    return o;
  };
  std::vector<double> o = out0, t_o(nk, 1.0);
  CUAD_GRAD(localvol_strip_pushforward_0_1_8(tab.data(), spot, rate, T, z.data(), strikes.data(),
                                             np, nk, o.data(), vtab.data(), vspot, t_o.data()));
  check.array("out", t_o, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
