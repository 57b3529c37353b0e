#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26b_psor_american_host");
  double sigma = 0.3, r = 0.06;
  const double s0 = 0.93;  // between nodes (spacing 1/12)
  const PsorSetup ps{0.2, 1.5, 3, 200};
  int iters = 0;
#if !defined(CUAD_RACECHECK)
  {
    const double p = american_put_psor(sigma, r, s0, ps, &iters);
    std::printf("price %.10f after %d PSOR iterations\n", p, iters);
    check.expect(iters < ps.n_steps * ps.max_iter, "PSOR converged in every step");
  }
#endif
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    int it = 0;
    return american_put_psor(sigma, r, s0, ps, &it);
  };
  double gs = 0.0, gr = 0.0;
  CUAD_GRAD(american_put_psor_grad_0_1(sigma, r, s0, ps, &iters, &gs, &gr));
  check.scalar("sigma", gs, fd(sigma, loss));
  check.scalar("r", gr, fd(r, loss));
#else
  const double vs = 0.1, vr = -0.02;
  auto outputs_at = [&](double t) {
    int it = 0;
    return std::vector<double>{american_put_psor(along(sigma, t, vs), along(r, t, vr), s0, ps, &it)};
  };
#if !defined(CUAD_SELFTEST)
  const auto res = american_put_psor_pushforward_0_1(sigma, r, s0, ps, &iters, vs, vr);
  check.array("price tangent", std::vector<double>{res.pushforward},
              directional_fd<double>(outputs_at));
#else
  check.array("price tangent", std::vector<double>{0.0}, directional_fd<double>(outputs_at));
#endif
#endif
  return check.finish();
}
