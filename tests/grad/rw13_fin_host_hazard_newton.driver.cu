#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw13_fin_host_hazard_newton");
  const int n = 45;
  Rng rng(77);
  std::vector<double> spreads = rng.vec(n, 0.006, 0.03), notional = rng.vec(n, 0.5, 2.0);
  double recovery = 0.4;
  const double rate = 0.03;
  std::vector<double> upf0 = rng.vec(n), w = rng.vec(n);
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    std::vector<double> u = upf0;
    calibrate_and_price(spreads.data(), notional.data(), recovery, rate, n, u.data());
    return dot(w, u);
  };
  std::vector<double> u = upf0, a_u = w, a_s(n, 0.0), a_n(n, 0.0);
  double a_rec = 0.0;
  CUAD_GRAD(calibrate_and_price_grad_0_1_2_5(spreads.data(), notional.data(), recovery, rate, n,
                                             u.data(), a_s.data(), a_n.data(), &a_rec,
                                             a_u.data()));
  check.array("spreads", a_s, fd(spreads, loss));
  check.array("notional", a_n, fd(notional, loss));
  check.scalar("recovery", a_rec, fd(recovery, loss));
  check.array("upfront", a_u, std::vector<double>(n, 0.0));
#else
  std::vector<double> vs = rng.vec(n, -0.01, 0.01);
  const double vrec = 0.3;
  auto outputs_at = [&](double t) {
    std::vector<double> s = along(spreads, t, vs), u = upf0;
    calibrate_and_price(s.data(), notional.data(), along(recovery, t, vrec), rate, n, u.data());
    return u;
  };
  std::vector<double> u = upf0, t_u(n, 3.0);
  CUAD_GRAD(calibrate_and_price_pushforward_0_2_5(spreads.data(), notional.data(), recovery, rate,
                                                  n, u.data(), vs.data(), vrec, t_u.data()));
  check.array("upfront", t_u, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
