#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26c_double_pendulum_rk4");
  const int n_env = 34, max_steps = 25;
  const double dt = 0.02;
  Rng rng(26501);
  std::vector<int> steps(n_env);
  for (int e = 0; e < n_env; ++e) steps[e] = 5 + (e * 7) % (max_steps - 4);
  std::vector<double> params(5 * n_env), states = rng.vec(4 * n_env, -1.0, 1.0),
                                         torques = rng.vec(2 * n_env * max_steps, -2.0, 2.0);
  for (int e = 0; e < n_env; ++e) {
    params[5 * e] = rng.uniform(0.5, 2.0);
    params[5 * e + 1] = rng.uniform(0.5, 2.0);
    params[5 * e + 2] = rng.uniform(0.4, 1.0);
    params[5 * e + 3] = rng.uniform(0.4, 1.0);
    params[5 * e + 4] = rng.uniform(0.0, 0.3);
  }
  DeviceArray<int> d_steps(steps);
  auto pp = [](DeviceArray<double>& a) { return reinterpret_cast<PendulumParams*>(a.ptr); };
  auto sp = [](DeviceArray<double>& a) { return reinterpret_cast<State<2>*>(a.ptr); };
  auto run = [&](const std::vector<double>& pv, const std::vector<double>& sv, const std::vector<double>& tv) {
    DeviceArray<double> d_p(pv), d_s(sv), d_t(tv), d_en(zeros<double>(n_env));
    CUAD_LAUNCH(pendulum_rk4<2>, 2, 32, n_env, d_steps.ptr, dt, pp(d_p), sp(d_s), d_t.ptr, max_steps, d_en.ptr);
    std::vector<double> out = d_s.get(), en = d_en.get();
    out.insert(out.end(), en.begin(), en.end());
    return out;
  };
#if CUAD_OUTPUT == 1
  std::vector<double> w = rng.vec(5 * n_env);
  auto loss = [&] { return dot(w, run(params, states, torques)); };
  DeviceArray<double> d_p(params), d_s(states), d_t(torques), d_en(zeros<double>(n_env));
  DeviceArray<double> g_p(zeros<double>(params.size())), g_s(std::vector<double>(w.begin(), w.begin() + 4 * n_env)),
      g_t(zeros<double>(torques.size())), g_en(std::vector<double>(w.begin() + 4 * n_env, w.end()));
  CUAD_GRAD(CUAD_LAUNCH(pendulum_rk4_grad_3_4_5_7<2>, 2, 32, n_env, d_steps.ptr, dt, pp(d_p), sp(d_s), d_t.ptr,
                        max_steps, d_en.ptr, pp(g_p), sp(g_s), g_t.ptr, g_en.ptr));
  check.array("params", g_p.get(), fd(params, loss));
  check.array("states", g_s.get(), fd(states, loss));
  check.array("torques", g_t.get(), fd(torques, loss));
  check.array("energy", g_en.get(), zeros<double>(n_env));
#else
  std::vector<double> vp = rng.vec(params.size(), -0.1, 0.1), vs = rng.vec(states.size()),
                      vt = rng.vec(torques.size());
  auto outputs_at = [&](double t) { return run(along(params, t, vp), along(states, t, vs), along(torques, t, vt)); };
  DeviceArray<double> d_p(params), d_s(states), d_t(torques), d_en(zeros<double>(n_env));
  DeviceArray<double> t_p(vp), t_s(vs), t_t(vt), t_en(zeros<double>(n_env));
  CUAD_GRAD(CUAD_LAUNCH(pendulum_rk4_pushforward_3_4_5_7<2>, 2, 32, n_env, d_steps.ptr, dt, pp(d_p), sp(d_s),
                        d_t.ptr, max_steps, d_en.ptr, pp(t_p), sp(t_s), t_t.ptr, t_en.ptr));
  std::vector<double> got = t_s.get(), te = t_en.get();
  got.insert(got.end(), te.begin(), te.end());
  check.array("states+energy tangent", got, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
