#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26c_rk4_functor");
  const int N = 6, n_env = 33, horizon = 15;
  const double dt = 0.03, z_ref = 1.0;
  Rng rng(27601);
  std::vector<double> x0 = rng.vec(N * n_env, -0.3, 0.3), cmd = rng.vec(2 * n_env * horizon, 3.0, 6.0),
                      mi = {0.9, 0.02, 0.15, 0.1};
  auto run = [&](const std::vector<double>& xv, const std::vector<double>& cv, const std::vector<double>& mv) {
    DeviceArray<double> d_x(xv), d_c(cv), d_m(mv), d_f(zeros<double>(N * n_env)), d_t(zeros<double>(n_env));
    CUAD_LAUNCH(quadrotor_rollout<6>, 2, 32, n_env, horizon, dt, d_x.ptr, d_c.ptr, d_m.ptr, z_ref, d_f.ptr, d_t.ptr);
    std::vector<double> out = d_f.get(), t = d_t.get();
    out.insert(out.end(), t.begin(), t.end());
    return out;
  };
  const size_t nf = N * n_env;
#if CUAD_OUTPUT == 1
  std::vector<double> w = rng.vec(nf + n_env);
  auto loss = [&] { return dot(w, run(x0, cmd, mi)); };
  DeviceArray<double> d_x(x0), d_c(cmd), d_m(mi), d_f(zeros<double>(nf)), d_t(zeros<double>(n_env)),
      g_x(zeros<double>(nf)), g_c(zeros<double>(cmd.size())), g_m(zeros<double>(4)),
      g_f(std::vector<double>(w.begin(), w.begin() + nf)), g_t(std::vector<double>(w.begin() + nf, w.end()));
  CUAD_GRAD(CUAD_LAUNCH(quadrotor_rollout_grad_3_4_5_7_8<6>, 2, 32, n_env, horizon, dt, d_x.ptr, d_c.ptr, d_m.ptr,
                        z_ref, d_f.ptr, d_t.ptr, g_x.ptr, g_c.ptr, g_m.ptr, g_f.ptr, g_t.ptr));
  check.array("x0", g_x.get(), fd(x0, loss));
  check.array("motor_cmd", g_c.get(), fd(cmd, loss));
  check.array("mass_inertia", g_m.get(), fd(mi, loss));
  check.array("x_final", g_f.get(), zeros<double>(nf));
  check.array("track_cost", g_t.get(), zeros<double>(n_env));
#else
  std::vector<double> vx = rng.vec(nf), vc = rng.vec(cmd.size()), vm = rng.vec(4, -0.01, 0.01);
  auto outputs_at = [&](double t) { return run(along(x0, t, vx), along(cmd, t, vc), along(mi, t, vm)); };
  DeviceArray<double> d_x(x0), d_c(cmd), d_m(mi), d_f(zeros<double>(nf)), d_t(zeros<double>(n_env)), t_x(vx), t_c(vc),
      t_m(vm), t_f(zeros<double>(nf)), t_t(zeros<double>(n_env));
  CUAD_GRAD(CUAD_LAUNCH(quadrotor_rollout_pushforward_3_4_5_7_8<6>, 2, 32, n_env, horizon, dt, d_x.ptr, d_c.ptr,
                        d_m.ptr, z_ref, d_f.ptr, d_t.ptr, t_x.ptr, t_c.ptr, t_m.ptr, t_f.ptr, t_t.ptr));
  std::vector<double> got = t_f.get(), tt = t_t.get();
  got.insert(got.end(), tt.begin(), tt.end());
  check.array("tangents", got, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
