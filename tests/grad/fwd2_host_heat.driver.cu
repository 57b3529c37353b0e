#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("fwd2_host_heat");
#if CUAD_OUTPUT == 2
  {
    const int n = 45;
    Rng rng(114);
    std::vector<double> x = rng.vec(n), vx = rng.vec(n);
    double a = 0.8, va = -0.3;
    auto outputs_at = [&](double t) {
      std::vector<double> xs = along(x, t, vx), y(n);
      double total = run(n, xs.data(), along(a, t, va), y.data());
      y.push_back(total);
      return y;
    };
    std::vector<double> y(n), d_y(n, 3.0);
    double value = 0, tangent = 0;
    CUAD_GRAD(auto r = run_pushforward(n, x.data(), a, y.data(), vx.data(), va, d_y.data());
              value = r.value; tangent = r.pushforward);
    std::vector<double> got = d_y;
    got.push_back(tangent);
    check.array("y, total", got, directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
    std::vector<double> y2(n);
    check.scalar("value", value, run(n, x.data(), a, y2.data()));
#endif
  }
#else
  const int n = 70, steps = 5;
  Rng rng(107);
  std::vector<float> u0 = rng.vec<float>(n), vu = rng.vec<float>(n);
  float k = 0.2f, vk = 0.5f;
  auto outputs_at = [&](double t) {
    std::vector<float> us = along(u0, t, vu), u(n);
    float e = 0;
    heat_run(n, steps, us.data(), along(k, t, vk), u.data(), &e);
    std::vector<double> out = as_doubles(u);
    out.push_back(e);
    return out;
  };
  std::vector<float> u(n), d_u(n, 7.f);
  float e = 0, d_e = 5.f;
  CUAD_GRAD(heat_run_pushforward(n, steps, u0.data(), k, u.data(), &e, vu.data(), vk, d_u.data(),
                                 &d_e));
  std::vector<double> got = as_doubles(d_u);
  got.push_back(d_e);
  check.array("u, e", got, directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
