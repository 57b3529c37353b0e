#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw2_mc_option");
  const int np = 150, ns = 6;
  const float r = 0.03f, T = 1.0f;
  Rng rng(211);
  std::vector<float> z = rng.vec<float>(np * ns, -2.0, 2.0);
  float s0 = 100.0f, sigma = 0.25f, strike = 101.0f;
  double price0 = 0.5;
  DeviceArray<float> d_z(z);
  // keep every path's average away from the strike (the payoff's kink)
  auto avg_of = [&](int p) {
    float s = s0, avg = 0.0f, dt = T / ns;
    for (int t = 0; t < ns; ++t) {
      s *= std::exp((r - 0.5f * sigma * sigma) * dt + sigma * std::sqrt(dt) * z[t * np + p]);
      avg += s;
    }
    return avg / ns;
  };
  for (int p = 0; p < np; ++p)
    if (std::fabs(avg_of(p) - strike) < 1.0f) z[p] += 0.3f;
  d_z.set(z);
  auto loss = [&] {
    DeviceScalar<double> d_p(price0);
    CUAD_LAUNCH(mc_asian_call<64>, 3, 64, d_p.ptr, d_z.ptr, s0, sigma, strike, r, T, np, ns);
    return 1.7 * d_p.value();
  };
  DeviceScalar<double> d_p(price0), a_p(1.7);
  DeviceScalar<float> a_s0, a_sig, a_k;
  CUAD_GRAD(CUAD_LAUNCH(mc_asian_call_grad_0_2_3_4<64>, 3, 64, d_p.ptr, d_z.ptr, s0, sigma, strike,
                        r, T, np, ns, a_p.ptr, a_s0.ptr, a_sig.ptr, a_k.ptr));
  check.scalar("price", a_p.value(), fd(price0, loss));
  check.scalar("s0", a_s0.value(), fd(s0, loss));
  check.scalar("sigma", a_sig.value(), fd(sigma, loss));
  check.scalar("strike", a_k.value(), fd(strike, loss));
  return check.finish();
}
