#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw21a_mc_hash");
  const int npaths = 300;  // three blocks, the last one partial
  const double T = 1.0;
  const unsigned seed = 12345u;
  std::vector<double> params = {1.0, 0.3, 0.03, 1.05};
#if CUAD_OUTPUT == 1
  auto loss = [&] { return mc::expected_payoff(params.data(), T, npaths, seed); };
  std::vector<double> gp(4, 0.0);
  CUAD_GRAD(mc::expected_payoff_grad_0(params.data(), T, npaths, seed, gp.data()));
  check.array("params", gp, fd(params, loss));
#else
  std::vector<double> tp = {0.4, -0.7, 0.2, 0.9};
  auto outputs_at = [&](double t) {
    std::vector<double> ps = along(params, t, tp);
    return std::vector<double>{mc::expected_payoff(ps.data(), T, npaths, seed)};
  };
  double value = 0.0, tangent = 0.0;
  CUAD_GRAD({
    auto r = mc::expected_payoff_pushforward_0(params.data(), T, npaths, seed, tp.data());
    value = r.value;
    tangent = r.pushforward;
  });
  check.scalar("value", value, mc::expected_payoff(params.data(), T, npaths, seed));
  check.array("tangent", std::vector<double>{tangent}, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
