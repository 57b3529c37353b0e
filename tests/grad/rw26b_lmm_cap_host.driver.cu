#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26b_lmm_cap_host");
  Rng rng(26113);
  const int n = 45;
  std::vector<double> z(n * NF);
  for (auto& x : z) {
    const double u1 = rng.uniform(0.02, 1.0), u2 = rng.uniform(0.0, 1.0);
    x = sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
  }
  std::vector<double> L0(NF), vols(NF);
  for (int i = 0; i < NF; ++i) {
    L0[i] = 0.03 + 0.002 * i + rng.uniform(-0.001, 0.001);
    vols[i] = 0.25 - 0.01 * i + rng.uniform(-0.01, 0.01);
  }
  const double strike = 0.034;
#if CUAD_OUTPUT == 1
  auto loss = [&] { return lmm_cap_price(L0.data(), vols.data(), z.data(), n, strike); };
  std::vector<double> gl(NF, 0.0), gv(NF, 0.0);
  CUAD_GRAD(lmm_cap_price_grad_0_1(L0.data(), vols.data(), z.data(), n, strike, gl.data(),
                                   gv.data()));
  check.array("L0", gl, fd(L0, loss));
  check.array("vols", gv, fd(vols, loss));
#else
  const std::vector<double> vl = rng.vec(NF, -0.003, 0.003), vv = rng.vec(NF, -0.05, 0.05);
  auto outputs_at = [&](double t) {
    std::vector<double> l = along(L0, t, vl), v = along(vols, t, vv);
    return std::vector<double>{lmm_cap_price(l.data(), v.data(), z.data(), n, strike)};
  };
#if !defined(CUAD_SELFTEST)
  const auto res =
      lmm_cap_price_pushforward_0_1(L0.data(), vols.data(), z.data(), n, strike, vl.data(), vv.data());
  check.array("price tangent", std::vector<double>{res.pushforward},
              directional_fd<double>(outputs_at));
#else
  check.array("price tangent", std::vector<double>{0.0}, directional_fd<double>(outputs_at));
#endif
#endif
  return check.finish();
}
