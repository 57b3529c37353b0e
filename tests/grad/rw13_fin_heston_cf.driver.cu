#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw13_fin_heston_cf");
  const int nk = 12;
  HestonModel m{0.04, 1.8, 0.05, 0.5, -0.65};
  const double fwd = 100.0, df = 0.97, T = 1.0;
  std::vector<double> strikes(nk);
  for (int j = 0; j < nk; ++j) strikes[j] = 75.0 + 4.3 * j;
  Rng rng(31);
  std::vector<double> call0 = rng.vec(nk), w = rng.vec(nk);
  auto loss = [&] {
    DeviceArray<double> dk(strikes), dc(call0);
    CUAD_LAUNCH(heston_cf_calls, 1, 32, m, fwd, df, T, dk.ptr, nk, dc.ptr);
    return dot(w, dc.get());
  };
  DeviceArray<double> dk(strikes), dc(call0), a_k(nk, 0.0), a_c(w);
  DeviceScalar<HestonModel> a_m(HestonModel{0, 0, 0, 0, 0});
  CUAD_GRAD(CUAD_LAUNCH(heston_cf_calls_grad_0_4_6, 1, 32, m, fwd, df, T, dk.ptr, nk, dc.ptr,
                        a_m.ptr, a_k.ptr, a_c.ptr));
  HestonModel g = a_m.value();
  check.scalar("v0", g.v0, fd(m.v0, loss));
  check.scalar("kappa", g.kappa, fd(m.kappa, loss));
  check.scalar("theta", g.theta, fd(m.theta, loss));
  check.scalar("xi", g.xi, fd(m.xi, loss));
  check.scalar("rho", g.rho, fd(m.rho, loss));
  check.array("strikes", a_k.get(), fd(strikes, loss));
  check.array("call", a_c.get(), std::vector<double>(nk, 0.0));
  return check.finish();
}
