#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26b_cn_batch_host");
  Rng rng(26505);
  const int nb = 5;
  const GridSpec g{200.0, 100.0, 0.75, 12};
  std::vector<double> sigma = rng.vec(nb, 0.15, 0.45);
  double r = 0.035, s0 = 103.7;  // between grid nodes (spacing 5)
  auto run = [&](const std::vector<double>& sg, double rr, double ss) {
    std::vector<double> out(nb, 0.0);
    bs_cn_batch(sg.data(), rr, ss, g, nb, out.data());
    return out;
  };
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(nb);
  auto loss = [&] { return dot(w, run(sigma, r, s0)); };
  std::vector<double> out(nb, 0.0), gsig(nb, 0.0), gout = w;
  double gr = 0.0, gs0 = 0.0;
  CUAD_GRAD(bs_cn_batch_grad_0_1_2_5(sigma.data(), r, s0, g, nb, out.data(), gsig.data(), &gr,
                                     &gs0, gout.data()));
  check.array("sigma", gsig, fd(sigma, loss));
  check.scalar("r", gr, fd(r, loss));
  check.scalar("s0", gs0, fd(s0, loss));
  check.array("price", gout, zeros<double>(nb));
#else
  const std::vector<double> vs = rng.vec(nb, -0.1, 0.1);
  const double vr = 0.02, vs0 = -1.3;
  auto outputs_at = [&](double t) {
    return run(along(sigma, t, vs), along(r, t, vr), along(s0, t, vs0));
  };
  std::vector<double> out(nb, 0.0), tout(nb, 0.0);
  CUAD_GRAD(bs_cn_batch_pushforward_0_1_2_5(sigma.data(), r, s0, g, nb, out.data(), vs.data(), vr,
                                            vs0, tout.data()));
  check.array("price tangent", tout, directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  check.array("price value", out, run(sigma, r, s0));
#endif
#endif
  return check.finish();
}
