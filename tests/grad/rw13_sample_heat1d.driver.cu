#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw13_sample_heat1d");
  const int n = 70, steps = 5;  // 3 blocks of 32, the last partial
  const double dt_dx2 = 0.2, src = 0.3;
  Rng rng(1307);
  std::vector<double> u = rng.vec(n), kappa = rng.vec(n, 0.5, 1.5), w = rng.vec(n);
  const double wt = 0.7;  // weight of the returned total
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    std::vector<double> s = u;
    double tot = heat1d(s.data(), kappa.data(), dt_dx2, src, n, steps);
    return dot(w, s) + wt * tot;
  };
  std::vector<double> s = u, au = w, ak(n, 0.0);
  // seed 1 on the return value: scale the array seed so that L = w.u + wt * total
  for (int i = 0; i < n; ++i) au[i] = w[i] / wt;
  CUAD_GRAD(heat1d_grad_0_1(s.data(), kappa.data(), dt_dx2, src, n, steps, au.data(), ak.data()));
  for (int i = 0; i < n; ++i) { au[i] *= wt; ak[i] *= wt; }
  check.array("u", au, fd(u, loss));
  check.array("kappa", ak, fd(kappa, loss));
#else
  std::vector<double> vu = rng.vec(n), vk = rng.vec(n);
  auto outputs_at = [&](double t) {
    std::vector<double> s = along(u, t, vu), ks = along(kappa, t, vk);
    double tot = heat1d(s.data(), ks.data(), dt_dx2, src, n, steps);
    s.push_back(tot);
    return s;
  };
  std::vector<double> s = u, tu = vu;
  double tangent = 0.0, value = 0.0;
  CUAD_GRAD(auto r = heat1d_pushforward(s.data(), kappa.data(), dt_dx2, src, n, steps, tu.data(),
                                        vk.data(), 0.0, 0.0);
            value = r.value; tangent = r.pushforward);
  tu.push_back(tangent);
  check.array("u, total", tu, directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  std::vector<double> s2 = u;
  check.scalar("value", value, heat1d(s2.data(), kappa.data(), dt_dx2, src, n, steps));
#endif
#endif
  return check.finish();
}
