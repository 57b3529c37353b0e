#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

#if CUAD_OUTPUT == 2
using Policy = L2Policy;
constexpr int BLOCK = 32;
#else
using Policy = CauchyPolicy;
constexpr int BLOCK = 64;
#endif

int main() {
  Checker check("rw22b_policy_fit");
  const int n = 150;
  const int grid = (n + BLOCK - 1) / BLOCK;
  Rng rng(22009);
  std::vector<double> p = {1.8, 0.7, 0.3}, t(n), y(n), loss0 = {0.25};
  for (int i = 0; i < n; ++i) {
    t[i] = 4.0 * i / n;
    y[i] = 2.0 * std::exp(-0.6 * t[i]) + 0.2 + rng.uniform(-0.3, 0.3);
    if (i % 17 == 0) y[i] += 2.0;  // outliers
  }
  double scale = 0.4;
  auto run = [&](const std::vector<double>& pv, const std::vector<double>& tv,
                 const std::vector<double>& yv, double s, const std::vector<double>& l0) {
    DeviceArray<double> dp(pv), dt(tv), dy(yv), dl(l0);
    CUAD_LAUNCH((robust_fit_loss<double, Policy, BLOCK>), grid, BLOCK, dp.ptr, dt.ptr, dy.ptr, s,
                dl.ptr, n);
    return dl.get();
  };
  const std::vector<double> wl = {1.3};
  DeviceArray<double> dp(p), dt(t), dy(y), dl(loss0);
#if CUAD_OUTPUT == 1
  auto loss = [&] { return dot(wl, run(p, t, y, scale, loss0)); };
  DeviceArray<double> a_p(zeros<double>(3)), a_y(zeros<double>(n)), a_l(wl);
  DeviceScalar<double> a_s(0.0);
  CUAD_GRAD(CUAD_LAUNCH((robust_fit_loss_grad_0_2_3_4<double, Policy, BLOCK>), grid, BLOCK, dp.ptr,
                        dt.ptr, dy.ptr, scale, dl.ptr, n, a_p.ptr, a_y.ptr, a_s.ptr, a_l.ptr));
  check.array("p", a_p.get(), fd(p, loss));
  check.array("y", a_y.get(), fd(y, loss));
  check.scalar("scale", a_s.value(), fd(scale, loss));
  check.array("loss", a_l.get(), fd(loss0, loss));
#elif CUAD_OUTPUT == 2
  auto loss = [&] { return dot(wl, run(p, t, y, scale, loss0)); };
  DeviceArray<double> a_p(zeros<double>(3)), a_t(zeros<double>(n)), a_y(zeros<double>(n)),
      a_l(wl);
  CUAD_GRAD(CUAD_LAUNCH((robust_fit_loss_grad_0_1_2_4<double, Policy, BLOCK>), grid, BLOCK,
                        dp.ptr, dt.ptr, dy.ptr, scale, dl.ptr, n, a_p.ptr, a_t.ptr, a_y.ptr,
                        a_l.ptr));
  check.array("p", a_p.get(), fd(p, loss));
  check.array("t", a_t.get(), fd(t, loss));
  check.array("y", a_y.get(), fd(y, loss));
  check.array("loss", a_l.get(), fd(loss0, loss));
#else
  std::vector<double> vp = {0.3, -0.2, 0.5}, vy = rng.vec(n), vl = {0.7};
  const double vs = 0.3;
  auto outputs_at = [&](double h) {
    return run(along(p, h, vp), t, along(y, h, vy), along(scale, h, vs), along(loss0, h, vl));
  };
  DeviceArray<double> t_p(vp), t_y(vy), t_l(vl);
  CUAD_GRAD(CUAD_LAUNCH((robust_fit_loss_pushforward_0_2_3_4<double, Policy, BLOCK>), grid, BLOCK,
                        dp.ptr, dt.ptr, dy.ptr, scale, dl.ptr, n, t_p.ptr, t_y.ptr, vs, t_l.ptr));
  check.array("loss", t_l.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
