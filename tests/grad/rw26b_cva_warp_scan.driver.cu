#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26b_cva_warp_scan");
  Rng rng(26606);
  const int n_scen = 100;  // two blocks of 64, the last warps partly idle
  std::vector<double> z(n_scen * NT);
  for (auto& x : z) {
    const double u1 = rng.uniform(0.02, 1.0), u2 = rng.uniform(0.0, 1.0);
    x = sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
  }
  const MarketData m{1.10, 0.03, 0.01, 1.0 / 12.0, 0.4};
  std::vector<double> notional = {1.0e3, -0.6e3, 0.8e3, -1.2e3, 0.5e3};
  const std::vector<double> strike = {1.08, 1.12, 1.11, 1.09, 1.15};
  const std::vector<int> mat = {8, 14, 20, 27, 32};
  double fx_vol = 0.11;
  std::vector<double> hazard(NT);
  for (int t = 0; t < NT; ++t) hazard[t] = 0.02 + 0.001 * t + rng.uniform(-0.004, 0.004);
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    return cva_fx_book(z.data(), notional.data(), strike.data(), mat.data(), fx_vol,
                       hazard.data(), m, n_scen);
  };
  std::vector<double> gnot(NTRADE, 0.0), ghaz(NT, 0.0);
  double gvol = 0.0;
  CUAD_GRAD(cva_fx_book_grad_1_4_5(z.data(), notional.data(), strike.data(), mat.data(), fx_vol,
                                   hazard.data(), m, n_scen, gnot.data(), &gvol, ghaz.data()));
  check.array("notional", gnot, fd(notional, loss));
  check.scalar("fx_vol", gvol, fd(fx_vol, loss));
  check.array("hazard", ghaz, fd(hazard, loss));
#elif CUAD_OUTPUT == 2
  std::vector<double> ee = rng.vec(NT, 0.0, 50.0);
  const double w = 1.9;
  auto loss = [&] {
    DeviceArray<double> de(ee), dh(hazard);
    DeviceScalar<double> dc(0.0);
    CUAD_LAUNCH(cva_from_ee, 1, NT, de.ptr, dh.ptr, m, dc.ptr);
    return w * dc.value();
  };
  DeviceArray<double> de(ee), dh(hazard), ge(zeros<double>(NT)), gh(zeros<double>(NT));
  DeviceScalar<double> dc(0.0), gc(w);
  CUAD_GRAD(CUAD_LAUNCH(cva_from_ee_grad_0_1_3, 1, NT, de.ptr, dh.ptr, m, dc.ptr, ge.ptr, gh.ptr,
                        gc.ptr));
  check.array("ee", ge.get(), fd(ee, loss));
  check.array("hazard", gh.get(), fd(hazard, loss));
  check.scalar("cva", gc.value(), 0.0);
#else
  const std::vector<double> vn = rng.vec(NTRADE, -100.0, 100.0), vh = rng.vec(NT, -0.01, 0.01);
  const double vv = 0.03;
  auto outputs_at = [&](double t) {
    std::vector<double> nn = along(notional, t, vn), hh = along(hazard, t, vh);
    return std::vector<double>{cva_fx_book(z.data(), nn.data(), strike.data(), mat.data(),
                                           along(fx_vol, t, vv), hh.data(), m, n_scen)};
  };
#if !defined(CUAD_SELFTEST)
  const double tc = cva_fx_book_pushforward_1_4_5(z.data(), notional.data(), strike.data(),
                                                  mat.data(), fx_vol, hazard.data(), m, n_scen,
                                                  vn.data(), vv, vh.data()).pushforward;
#else
  const double tc = 0.0;
#endif
  check.array("cva tangent", std::vector<double>{tc}, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
