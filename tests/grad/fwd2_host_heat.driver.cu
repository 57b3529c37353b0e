#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("fwd2_host_heat");
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
  return check.finish();
}
