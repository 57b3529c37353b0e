#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static std::vector<EnvState> to_states(const std::vector<double>& v) {
  std::vector<EnvState> s(v.size() / 4);
  for (size_t i = 0; i < s.size(); ++i) s[i] = EnvState{v[4 * i], v[4 * i + 1], v[4 * i + 2], v[4 * i + 3]};
  return s;
}
static std::vector<double> flat(const std::vector<EnvState>& s) {
  std::vector<double> v;
  for (const EnvState& e : s) v.insert(v.end(), {e.x, e.xd, e.th, e.thd});
  return v;
}

int main() {
  Checker check("rw26c_cartpole_host");
  const int n_env = 37, horizon = 12;
  Rng rng(26401);
  std::vector<double> init = rng.vec(4 * n_env, -0.4, 0.4), actions = rng.vec(n_env * horizon, -3.0, 3.0);
  for (int e = 0; e < n_env; ++e) init[4 * e + 2] += 0.8 * ((e % 3) - 1);  // some start far from upright
  std::vector<double> pv = {1.0, 0.1, 0.5, 9.8, 0.04, 0.3};
  auto params = [](const std::vector<double>& v) { return CartPoleParams{v[0], v[1], v[2], v[3], v[4], v[5]}; };
  std::vector<double> w = rng.vec(4 * n_env);
  auto run = [&](const std::vector<double>& iv, const std::vector<double>& av, const std::vector<double>& ppv,
                 std::vector<double>& fin) {
    std::vector<EnvState> is = to_states(iv), fs(n_env);
    const double c = rollout_cost(is.data(), av.data(), n_env, horizon, params(ppv), fs.data());
    fin = flat(fs);
    return c;
  };
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    std::vector<double> fin;
    const double c = run(init, actions, pv, fin);
    return c + dot(w, fin);
  };
  std::vector<EnvState> is = to_states(init), fs(n_env), g_init = to_states(zeros<double>(4 * n_env)),
                        g_fin = to_states(w);
  std::vector<double> g_act(actions.size(), 0.0);
  CartPoleParams g_p{0, 0, 0, 0, 0, 0};
  CUAD_GRAD(rollout_cost_grad_0_1_4_5(is.data(), actions.data(), n_env, horizon, params(pv), fs.data(),
                                      g_init.data(), g_act.data(), &g_p, g_fin.data()));
  check.array("init_states", flat(g_init), fd(init, loss));
  check.array("actions", g_act, fd(actions, loss));
  check.array("p", std::vector<double>{g_p.m_cart, g_p.m_pole, g_p.half_len, g_p.gravity, g_p.dt, g_p.track_limit},
              fd(pv, loss));
  check.array("final_states", flat(g_fin), zeros<double>(4 * n_env));
#else
  std::vector<double> vi = rng.vec(init.size()), va = rng.vec(actions.size());
  auto outputs_at = [&](double t) {
    std::vector<double> fin;
    const double c = run(along(init, t, vi), along(actions, t, va), pv, fin);
    fin.push_back(c);
    return fin;
  };
  std::vector<EnvState> is = to_states(init), fs(n_env), t_init = to_states(vi), t_fin(n_env);
  std::vector<double> t_act = va;
  double got_c = 0.0;
  std::vector<double> got;
#if !defined(CUAD_SELFTEST)
  auto r = rollout_cost_pushforward_0_1_5(is.data(), actions.data(), n_env, horizon, params(pv), fs.data(),
                                          t_init.data(), t_act.data(), t_fin.data());
  got = flat(t_fin);
  got.push_back(r.pushforward);
  got_c = r.value;
#endif
  check.array("final_states+cost tangent", got, directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  std::vector<double> fin;
  check.scalar("cost value", got_c, run(init, actions, pv, fin));
#endif
#endif
  return check.finish();
}
