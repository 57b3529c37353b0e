#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26c_pid_filter_tuning");
  const int NJ = 3, n_env = 34, horizon = 30;
  const double dt = 0.02;
  Rng rng(29401);
  std::vector<double> gains = {8.0, 2.0, 0.6, 6.0, 1.5, 0.5, 4.0, 1.0, 0.3}, alpha = {0.6, 0.5, 0.7},
                      inertia = rng.vec(n_env * NJ, 0.5, 1.5), targets = rng.vec(n_env * NJ, -1.0, 1.0);
  DeviceArray<double> d_in(inertia);
  auto run = [&](const std::vector<double>& g, const std::vector<double>& a, const std::vector<double>& tg) {
    DeviceArray<double> d_g(g), d_a(a), d_t(tg), d_c(zeros<double>(n_env));
    CUAD_LAUNCH(pid_tuning_rollout<3>, 2, 32, n_env, horizon, dt, d_g.ptr, d_a.ptr, d_in.ptr, d_t.ptr, d_c.ptr);
    return d_c.get();
  };
#if CUAD_OUTPUT == 1
  std::vector<double> w = rng.vec(n_env);
  auto loss = [&] { return dot(w, run(gains, alpha, targets)); };
  DeviceArray<double> d_g(gains), d_a(alpha), d_t(targets), d_c(zeros<double>(n_env)), g_g(zeros<double>(9)),
      g_a(zeros<double>(NJ)), g_t(zeros<double>(targets.size())), g_c(w);
  CUAD_GRAD(CUAD_LAUNCH(pid_tuning_rollout_grad_3_4_6_7<3>, 2, 32, n_env, horizon, dt, d_g.ptr, d_a.ptr, d_in.ptr,
                        d_t.ptr, d_c.ptr, g_g.ptr, g_a.ptr, g_t.ptr, g_c.ptr));
  check.array("gains", g_g.get(), fd(gains, loss));
  check.array("filter_alpha", g_a.get(), fd(alpha, loss));
  check.array("targets", g_t.get(), fd(targets, loss));
  check.array("tracking_cost", g_c.get(), zeros<double>(n_env));
#else
  std::vector<double> vg = rng.vec(9), va = rng.vec(NJ, -0.1, 0.1), vt = rng.vec(targets.size());
  auto outputs_at = [&](double t) { return run(along(gains, t, vg), along(alpha, t, va), along(targets, t, vt)); };
  DeviceArray<double> d_g(gains), d_a(alpha), d_t(targets), d_c(zeros<double>(n_env)), t_g(vg), t_a(va), t_t(vt),
      t_c(zeros<double>(n_env));
  CUAD_GRAD(CUAD_LAUNCH(pid_tuning_rollout_pushforward_3_4_6_7<3>, 2, 32, n_env, horizon, dt, d_g.ptr, d_a.ptr,
                        d_in.ptr, d_t.ptr, d_c.ptr, t_g.ptr, t_a.ptr, t_t.ptr, t_c.ptr));
  check.array("cost tangent", t_c.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
