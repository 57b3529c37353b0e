#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw13_fin_bootstrap");
  const int nc = 24, nm = 10;
  Rng rng(2024);
  std::vector<double> par(nc * nm);
  for (int c = 0; c < nc; ++c)
    for (int m = 0; m < nm; ++m) par[c * nm + m] = 0.02 + 0.002 * m + rng.uniform(-0.004, 0.004);
  std::vector<double> coupon = {0.03, 0.045, 0.025, 0.05};
  std::vector<Bond> bonds = {{1.3, 100.0}, {2.8, 50.0}, {4.15, 80.0}, {3.6, 120.0}};
  std::vector<double> price0 = rng.vec(nc * N_BONDS), w = rng.vec(nc * N_BONDS);
  DeviceArray<Bond> dbonds(bonds);
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    DeviceArray<double> dpar(par), dc(coupon), dp(price0);
    CUAD_LAUNCH(bootstrap_bonds, 1, 32, dpar.ptr, nc, nm, dc.ptr, dbonds.ptr, dp.ptr);
    return dot(w, dp.get());
  };
  DeviceArray<double> dpar(par), dc(coupon), dp(price0);
  DeviceArray<double> a_par(nc * nm, 0.0), a_c(N_BONDS, 0.0), a_p(w);
  CUAD_GRAD(CUAD_LAUNCH(bootstrap_bonds_grad_0_3_5, 1, 32, dpar.ptr, nc, nm, dc.ptr, dbonds.ptr,
                        dp.ptr, a_par.ptr, a_c.ptr, a_p.ptr));
  check.array("par", a_par.get(), fd(par, loss));
  check.array("coupon", a_c.get(), fd(coupon, loss));
  check.array("price", a_p.get(), std::vector<double>(nc * N_BONDS, 0.0));
#else
  std::vector<double> vpar = rng.vec(nc * nm, -0.01, 0.01), vc = rng.vec(N_BONDS, -0.5, 0.5);
  auto outputs_at = [&](double t) {
    DeviceArray<double> dpar(along(par, t, vpar)), dc(along(coupon, t, vc)), dp(price0);
    CUAD_LAUNCH(bootstrap_bonds, 1, 32, dpar.ptr, nc, nm, dc.ptr, dbonds.ptr, dp.ptr);
    return dp.get();
  };
  DeviceArray<double> dpar(par), dc(coupon), dp(price0), t_par(vpar), t_c(vc),
      t_p(nc * N_BONDS, 7.0);
  CUAD_GRAD(CUAD_LAUNCH(bootstrap_bonds_pushforward_0_3_5, 1, 32, dpar.ptr, nc, nm, dc.ptr,
                        dbonds.ptr, dp.ptr, t_par.ptr, t_c.ptr, t_p.ptr));
  check.array("price", t_p.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
