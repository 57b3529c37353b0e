#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24a_swe_const_ssprk3");
  Rng rng(24811);
  const int n = 36;
  const double t_end = 0.021, dt_max = 0.008, dx = 0.1;  // 3 sub-steps of 0.007
  double g = 9.81, cf = 0.15;
  std::vector<double> h(n), q(n);
  for (int i = 0; i < n; ++i) {
    h[i] = 1.0 + 0.2 * std::exp(-0.05 * (i - 15.3) * (i - 15.3)) + rng.uniform(-0.01, 0.01);
    q[i] = 0.4 + 0.2 * std::sin(0.35 * i) + rng.uniform(-0.02, 0.02);  // u > 0 everywhere
  }
#if CUAD_OUTPUT == 1
  const std::vector<double> wh = rng.vec(n), wq = rng.vec(n);
  auto loss = [&] {
    std::vector<double> hf(n), qf(n);
    swe_subcycled(h.data(), q.data(), g, cf, t_end, dt_max, dx, n, hf.data(), qf.data());
    return dot(wh, hf) + dot(wq, qf);
  };
  std::vector<double> hf(n), qf(n), gh(n, 0.0), gq(n, 0.0), ghf = wh, gqf = wq;
  double gg = 0.0, gcf = 0.0;
  CUAD_GRAD(swe_subcycled_grad_0_1_2_3_8_9(h.data(), q.data(), g, cf, t_end, dt_max, dx, n, hf.data(),
                                           qf.data(), gh.data(), gq.data(), &gg, &gcf, ghf.data(),
                                           gqf.data()));
  check.array("h_init", gh, fd(h, loss));
  check.array("q_init", gq, fd(q, loss));
  check.scalar("g", gg, fd(g, loss));
  check.scalar("cf", gcf, fd(cf, loss));
  check.array("h_final", ghf, zeros<double>(n));
  check.array("q_final", gqf, zeros<double>(n));
#else
  const std::vector<double> vh = rng.vec(n, -0.1, 0.1), vq = rng.vec(n, -0.1, 0.1);
  const double vg = 0.5, vcf = 0.2;
  auto outputs_at = [&](double t) {
    std::vector<double> hh = along(h, t, vh), qq = along(q, t, vq), hf(n), qf(n);
    swe_subcycled(hh.data(), qq.data(), along(g, t, vg), along(cf, t, vcf), t_end, dt_max, dx, n, hf.data(),
                  qf.data());
    hf.insert(hf.end(), qf.begin(), qf.end());
    return hf;
  };
  std::vector<double> hf(n), qf(n), thf(n, 0.0), tqf(n, 0.0);
  CUAD_GRAD(swe_subcycled_pushforward_0_1_2_3_8_9(h.data(), q.data(), g, cf, t_end, dt_max, dx, n, hf.data(),
                                                  qf.data(), vh.data(), vq.data(), vg, vcf, thf.data(),
                                                  tqf.data()));
  thf.insert(thf.end(), tqf.begin(), tqf.end());
  check.array("final tangent", thf, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
