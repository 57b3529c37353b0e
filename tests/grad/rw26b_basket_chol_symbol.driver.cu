#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26b_basket_chol_symbol");
  Rng rng(26110);
  const int n_pairs = 150;  // more pairs than threads: grid-stride
  std::vector<double> z(n_pairs * NA);
  for (auto& x : z) {
    const double u1 = rng.uniform(0.02, 1.0), u2 = rng.uniform(0.0, 1.0);
    x = sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
  }
  std::vector<double> corr(NA * NA);
  const double rho[NA][NA] = {{1.0, 0.5, 0.3, 0.2}, {0.5, 1.0, 0.4, 0.25},
                              {0.3, 0.4, 1.0, 0.35}, {0.2, 0.25, 0.35, 1.0}};
  for (int i = 0; i < NA; ++i)
    for (int j = 0; j < NA; ++j) corr[i * NA + j] = rho[i][j];
  std::vector<double> vol = {0.2, 0.25, 0.3, 0.18}, spot = {100.0, 95.0, 110.0, 105.0},
                      weight = {0.3, 0.2, 0.25, 0.25};
  const double r = 0.02, T = 1.0, K = 102.0;
  auto loss = [&] {
    return basket_price(corr.data(), vol.data(), spot.data(), weight.data(), z.data(), n_pairs, r,
                        T, K);
  };
#if CUAD_OUTPUT == 1
  std::vector<double> gc(NA * NA, 0.0), gv(NA, 0.0), gs(NA, 0.0), gw(NA, 0.0);
  CUAD_GRAD(basket_price_grad_0_1_2_3(corr.data(), vol.data(), spot.data(), weight.data(),
                                      z.data(), n_pairs, r, T, K, gc.data(), gv.data(), gs.data(),
                                      gw.data()));
  // The factorization reads the diagonal and the lower triangle of corr only.
  check.array("corr", gc, fd(corr, loss));
  check.array("vol", gv, fd(vol, loss));
  check.array("spot", gs, fd(spot, loss));
  check.array("weight", gw, fd(weight, loss));
#else
  // a symmetric direction for the correlation matrix
  std::vector<double> vc(NA * NA, 0.0);
  for (int i = 0; i < NA; ++i)
    for (int j = 0; j < i; ++j) vc[i * NA + j] = vc[j * NA + i] = rng.uniform(-0.1, 0.1);
  const std::vector<double> vv = rng.vec(NA, -0.05, 0.05), vs = rng.vec(NA, -3.0, 3.0),
                            vw = rng.vec(NA, -0.05, 0.05);
  auto outputs_at = [&](double t) {
    std::vector<double> c = along(corr, t, vc), v = along(vol, t, vv), s = along(spot, t, vs),
                        w = along(weight, t, vw);
    return std::vector<double>{
        basket_price(c.data(), v.data(), s.data(), w.data(), z.data(), n_pairs, r, T, K)};
  };
#if !defined(CUAD_SELFTEST)
  const double tp = basket_price_pushforward_0_1_2_3(corr.data(), vol.data(), spot.data(),
                                                     weight.data(), z.data(), n_pairs, r, T, K,
                                                     vc.data(), vv.data(), vs.data(), vw.data())
                        .pushforward;
#else
  const double tp = 0.0;
#endif
  check.array("price tangent", std::vector<double>{tp}, directional_fd<double>(outputs_at));
  (void)loss;
#endif
  return check.finish();
}
