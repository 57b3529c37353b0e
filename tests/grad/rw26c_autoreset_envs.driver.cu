#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26c_autoreset_envs");
  const int n_env = 36, horizon = 40, max_len = 15;
  const double dt = 0.02, q_limit = 1.2;
  Rng rng(28801);
  std::vector<double> init = rng.vec(4 * n_env, -0.4, 0.4), pool = rng.vec(4 * POOL * n_env, -0.4, 0.4),
                      actions = rng.vec(n_env * horizon, -1.5, 1.5);
  for (int e = 0; e < n_env; e += 4) init[4 * e + 2] = 9.0;  // a fast first joint: an early termination
  auto sp = [](DeviceArray<double>& a) { return reinterpret_cast<ArmState*>(a.ptr); };
  auto run = [&](const std::vector<double>& iv, const std::vector<double>& pv, const std::vector<double>& av,
                 std::vector<int>* eps = nullptr) {
    DeviceArray<double> d_i(iv), d_p(pv), d_a(av), d_f(zeros<double>(4 * n_env)), d_r(zeros<double>(n_env));
    DeviceArray<int> d_n(std::vector<int>(n_env, 0));
    CUAD_LAUNCH(vec_env_rollout, 2, 32, n_env, horizon, max_len, dt, q_limit, sp(d_i), sp(d_p), d_a.ptr, sp(d_f),
                d_r.ptr, d_n.ptr);
    if (eps) *eps = d_n.get();
    std::vector<double> out = d_f.get(), r = d_r.get();
    out.insert(out.end(), r.begin(), r.end());
    return out;
  };
  // episodes must end by the limit for some environments (more episodes than length-only
  // resets give); the finite-difference self check guards against a limit crossing moving
  {
    std::vector<int> eps;
    run(init, pool, actions, &eps);
    int extra = 0;
    for (int e = 0; e < n_env; ++e) extra += eps[e] > horizon / max_len;
    std::printf("environments with early terminations: %d\n", extra);
    check.expect(extra >= 3, "some episodes end at the limit");
  }
  const size_t nf = 4 * n_env;
#if CUAD_OUTPUT == 1
  std::vector<double> w = rng.vec(nf + n_env);
  auto loss = [&] { return dot(w, run(init, pool, actions)); };
  DeviceArray<double> d_i(init), d_p(pool), d_a(actions), d_f(zeros<double>(nf)), d_r(zeros<double>(n_env)),
      g_i(zeros<double>(nf)), g_p(zeros<double>(pool.size())), g_a(zeros<double>(actions.size())),
      g_f(std::vector<double>(w.begin(), w.begin() + nf)), g_r(std::vector<double>(w.begin() + nf, w.end()));
  DeviceArray<int> d_n(std::vector<int>(n_env, 0));
  CUAD_GRAD(CUAD_LAUNCH(vec_env_rollout_grad_5_6_7_8_9, 2, 32, n_env, horizon, max_len, dt, q_limit, sp(d_i), sp(d_p),
                        d_a.ptr, sp(d_f), d_r.ptr, d_n.ptr, sp(g_i), sp(g_p), g_a.ptr, sp(g_f), g_r.ptr));
  check.array("init", g_i.get(), fd(init, loss));
  check.array("reset_pool", g_p.get(), fd(pool, loss));
  check.array("actions", g_a.get(), fd(actions, loss));
  check.array("final_state", g_f.get(), zeros<double>(nf));
  check.array("total_reward", g_r.get(), zeros<double>(n_env));
#else
  std::vector<double> vi = rng.vec(nf, -0.2, 0.2), vp = rng.vec(pool.size(), -0.2, 0.2), va = rng.vec(actions.size());
  auto outputs_at = [&](double t) { return run(along(init, t, vi), along(pool, t, vp), along(actions, t, va)); };
  DeviceArray<double> d_i(init), d_p(pool), d_a(actions), d_f(zeros<double>(nf)), d_r(zeros<double>(n_env)), t_i(vi),
      t_p(vp), t_a(va), t_f(zeros<double>(nf)), t_r(zeros<double>(n_env));
  DeviceArray<int> d_n(std::vector<int>(n_env, 0));
  CUAD_GRAD(CUAD_LAUNCH(vec_env_rollout_pushforward_5_6_7_8_9, 2, 32, n_env, horizon, max_len, dt, q_limit, sp(d_i),
                        sp(d_p), d_a.ptr, sp(d_f), d_r.ptr, d_n.ptr, sp(t_i), sp(t_p), t_a.ptr, sp(t_f), t_r.ptr));
  std::vector<double> got = t_f.get(), tr = t_r.get();
  got.insert(got.end(), tr.begin(), tr.end());
  check.array("tangents", got, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
