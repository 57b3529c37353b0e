#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw3_binomial_tree");
  const int nopt = 4, steps = 40;
  const double r = 0.02, T = 0.75;
  Rng rng(3110);
  std::vector<double> s0 = rng.vec(nopt, 80.0, 120.0), sigma = rng.vec(nopt, 0.15, 0.4),
                      strike = rng.vec(nopt, 90.0, 110.0), w = rng.vec(nopt);
  // keep every terminal node away from the strike (the payoff's kink)
  for (int o = 0; o < nopt; ++o) {
    for (bool moved = true; moved;) {
      moved = false;
      double u = std::exp(sigma[o] * std::sqrt(T / steps));
      for (int j = 0; j <= steps; ++j)
        if (std::fabs(s0[o] * std::pow(u, 2 * j - steps) - strike[o]) < 0.05) {
          strike[o] += 0.11;
          moved = true;
        }
    }
  }
  DeviceArray<double> d_k(strike);
  auto loss = [&] {
    DeviceArray<double> d_s(s0), d_sig(sigma), d_p(nopt, 0.0);
    CUAD_LAUNCH(binomial_european, nopt, 64, d_s.ptr, d_sig.ptr, d_k.ptr, r, T, steps, d_p.ptr);
    return dot(w, d_p.get());
  };
  DeviceArray<double> d_s(s0), d_sig(sigma), d_p(nopt, 0.0), a_s(zeros<double>(nopt)),
      a_sig(zeros<double>(nopt)), a_p(w);
  CUAD_GRAD(CUAD_LAUNCH(binomial_european_grad_0_1_6, nopt, 64, d_s.ptr, d_sig.ptr, d_k.ptr, r, T,
                        steps, d_p.ptr, a_s.ptr, a_sig.ptr, a_p.ptr));
  check.array("s0", a_s.get(), fd(s0, loss));
  check.array("sigma", a_sig.get(), fd(sigma, loss));
  check.array("price", a_p.get(), std::vector<double>(nopt, 0.0));
  return check.finish();
}
