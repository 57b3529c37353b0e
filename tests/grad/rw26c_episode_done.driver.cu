#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static std::vector<EnvState> st(const std::vector<double>& v) {
  std::vector<EnvState> s(v.size() / 4);
  for (size_t i = 0; i < s.size(); ++i) s[i] = EnvState{v[4 * i], v[4 * i + 1], v[4 * i + 2], v[4 * i + 3]};
  return s;
}
static std::vector<double> fl(const std::vector<EnvState>& s) {
  std::vector<double> v;
  for (const auto& e : s) v.insert(v.end(), {e.x, e.xd, e.th, e.thd});
  return v;
}

int main() {
  Checker check("rw26c_episode_done");
  const int n_env = 40, horizon = 30;
  const double dt = 0.03, th_limit = 0.8;
  Rng rng(28201);
  std::vector<double> gains = {0.4, 0.9, 22.0, 4.0}, states = rng.vec(4 * n_env, -0.15, 0.15);
  for (int e = 0; e < n_env; e += 3) {  // some fall
    const double sg = e % 2 ? 1.0 : -1.0;
    states[4 * e + 2] = sg * rng.uniform(0.5, 0.6);
    states[4 * e + 3] = sg * rng.uniform(2.0, 3.0);
  }
  auto run = [&](const std::vector<double>& gv, const std::vector<double>& sv, std::vector<int>* done = nullptr) {
    DeviceArray<double> d_g(gv), d_r(zeros<double>(n_env));
    DeviceArray<EnvState> d_s(st(sv));
    DeviceArray<int> d_d(std::vector<int>(n_env, -1));
    CUAD_LAUNCH(pendulum_episodes, 2, 32, n_env, horizon, dt, d_g.ptr, d_s.ptr, th_limit, d_d.ptr, d_r.ptr);
    if (done) *done = d_d.get();
    std::vector<double> out = fl(d_s.get()), r = d_r.get();
    out.insert(out.end(), r.begin(), r.end());
    return out;
  };
  // some episodes end early; the final angle of those (the state is updated in place before
  // the test) is past the limit by a margin, so the step at which they end does not move
  // under the finite differences (a flip would also show as a noisy difference)
  {
    std::vector<int> done;
    const std::vector<double> out = run(gains, states, &done);
    int ended = 0;
    for (int e = 0; e < n_env; ++e)
      if (done[e] < horizon) {
        ++ended;
        check.expect(std::fabs(out[4 * e + 2]) > th_limit + 1e-3, "a terminated episode is past the limit by a margin");
      }
    std::printf("episodes ending early: %d of %d\n", ended, n_env);
    check.expect(ended >= 3 && ended < n_env, "some episodes end early");
  }
#if CUAD_OUTPUT == 1
  std::vector<double> w = rng.vec(5 * n_env);
  auto loss = [&] { return dot(w, run(gains, states)); };
  DeviceArray<double> d_g(gains), d_r(zeros<double>(n_env)), g_g(zeros<double>(4)),
      g_r(std::vector<double>(w.begin() + 4 * n_env, w.end()));
  DeviceArray<EnvState> d_s(st(states)), g_s(st(std::vector<double>(w.begin(), w.begin() + 4 * n_env)));
  DeviceArray<int> d_d(std::vector<int>(n_env, -1));
  CUAD_GRAD(CUAD_LAUNCH(pendulum_episodes_grad_3_4_7, 2, 32, n_env, horizon, dt, d_g.ptr, d_s.ptr, th_limit, d_d.ptr,
                        d_r.ptr, g_g.ptr, g_s.ptr, g_r.ptr));
  check.array("gains", g_g.get(), fd(gains, loss));
  check.array("states", fl(g_s.get()), fd(states, loss));
  check.array("returns", g_r.get(), zeros<double>(n_env));
#else
  std::vector<double> vg = rng.vec(4), vs = rng.vec(4 * n_env, -0.5, 0.5), vr = rng.vec(n_env);
  auto outputs_at = [&](double t) { return run(along(gains, t, vg), along(states, t, vs)); };
  DeviceArray<double> d_g(gains), d_r(zeros<double>(n_env)), t_g(vg), t_r(zeros<double>(n_env));
  DeviceArray<EnvState> d_s(st(states)), t_s(st(vs));
  DeviceArray<int> d_d(std::vector<int>(n_env, -1));
  CUAD_GRAD(CUAD_LAUNCH(pendulum_episodes_pushforward_3_4_7, 2, 32, n_env, horizon, dt, d_g.ptr, d_s.ptr, th_limit,
                        d_d.ptr, d_r.ptr, t_g.ptr, t_s.ptr, t_r.ptr));
  std::vector<double> got = fl(t_s.get()), tr = t_r.get();
  got.insert(got.end(), tr.begin(), tr.end());
  check.array("tangents", got, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
