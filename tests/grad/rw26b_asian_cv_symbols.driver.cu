#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26b_asian_cv_symbols");
  Rng rng(26112);
  const int n = 150;  // three blocks of 64, the last partly empty
  std::vector<double> z(n * NMON);
  for (auto& x : z) {
    const double u1 = rng.uniform(0.02, 1.0), u2 = rng.uniform(0.0, 1.0);
    x = sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
  }
  double s0 = 100.0, sigma = 0.3;
  const double r = 0.03, T = 1.0, K = 97.0;
#if CUAD_OUTPUT == 1
  auto loss = [&] { return asian_cv_price(z.data(), s0, sigma, r, T, K, n); };
  double gs0 = 0.0, gsig = 0.0;
  CUAD_GRAD(asian_cv_price_grad_1_2(z.data(), s0, sigma, r, T, K, n, &gs0, &gsig));
  check.scalar("s0", gs0, fd(s0, loss));
  check.scalar("sigma", gsig, fd(sigma, loss));
#else
  const double vs0 = 1.5, vsig = -0.2;
  auto outputs_at = [&](double t) {
    return std::vector<double>{
        asian_cv_price(z.data(), along(s0, t, vs0), along(sigma, t, vsig), r, T, K, n)};
  };
#if !defined(CUAD_SELFTEST)
  const auto res = asian_cv_price_pushforward_1_2(z.data(), s0, sigma, r, T, K, n, vs0, vsig);
  check.array("price tangent", std::vector<double>{res.pushforward},
              directional_fd<double>(outputs_at));
  check.scalar("price value", res.value, asian_cv_price(z.data(), s0, sigma, r, T, K, n));
#else
  check.array("price tangent", std::vector<double>{0.0}, directional_fd<double>(outputs_at));
#endif
#endif
  return check.finish();
}
