#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw9_hpc_rk4_struct");
  const int n = 48, nsteps = 12;
  float dt = 0.05f, amp = 0.6f;
  Rng rng(9105);
  std::vector<float> st = rng.vec<float>(2 * n), pr(2 * n), w = rng.vec<float>(2 * n);
  for (int i = 0; i < n; ++i) { pr[2 * i] = (float)rng.uniform(2.0, 6.0); pr[2 * i + 1] = (float)rng.uniform(0.05, 0.5); }
  auto toS = [&](const std::vector<float>& f) {
    std::vector<State> s(n);
    for (int i = 0; i < n; ++i) s[i] = State{f[2 * i], f[2 * i + 1]};
    return s;
  };
  auto flat = [&](const std::vector<State>& s) {
    std::vector<float> f(2 * n);
    for (int i = 0; i < n; ++i) { f[2 * i] = s[i].theta; f[2 * i + 1] = s[i].omega; }
    return f;
  };
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    DeviceArray<State> ds(toS(st));
    DeviceArray<float> dp(pr);
    CUAD_LAUNCH(pendulum_rk4, 2, 32, ds.ptr, dp.ptr, amp, dt, nsteps, n);
    return dot(w, flat(ds.get()));
  };
  DeviceArray<State> ds(toS(st)), as(toS(w));
  DeviceArray<float> dp(pr), ap(zeros<float>(2 * n));
  DeviceScalar<float> aa(0.0f);
  CUAD_GRAD(CUAD_LAUNCH(pendulum_rk4_grad_0_1_2, 2, 32, ds.ptr, dp.ptr, amp, dt, nsteps, n, as.ptr, ap.ptr, aa.ptr));
  check.array("state", flat(as.get()), fd(st, loss));
  check.array("params", ap.get(), fd(pr, loss));
  check.scalar("amp", aa.value(), fd(amp, loss));
#else
  std::vector<float> vs = rng.vec<float>(2 * n), vp = rng.vec<float>(2 * n, -0.5, 0.5);
  float va = 0.8f, vdt = 0.3f;
  auto outputs_at = [&](double t) {
    DeviceArray<State> ds(toS(along(st, t, vs)));
    DeviceArray<float> dp(along(pr, t, vp));
    CUAD_LAUNCH(pendulum_rk4, 2, 32, ds.ptr, dp.ptr, along(amp, t, va), along(dt, t, vdt), nsteps, n);
    return as_doubles(flat(ds.get()));
  };
  DeviceArray<State> ds(toS(st)), d_s(toS(vs));
  DeviceArray<float> dp(pr), d_p(vp);
  CUAD_GRAD(CUAD_LAUNCH(pendulum_rk4_pushforward, 2, 32, ds.ptr, dp.ptr, amp, dt, nsteps, n, d_s.ptr, d_p.ptr, va, vdt));
  check.array("state", flat(d_s.get()), directional_fd<float>(outputs_at));
#endif
  return check.finish();
}
