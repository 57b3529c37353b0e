#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26c_apg_policy");
  const int n_env = 100, horizon = 10;  // 2 blocks of 64
  const float dt = 0.02f;
  const int np = sizeof(Policy) / sizeof(float);
  Rng rng(28101);
  std::vector<float> pol = rng.vec<float>(np, -0.6, 0.6), init = rng.vec<float>(4 * n_env, -0.3, 0.3);
  auto pp = [](DeviceArray<float>& a) { return reinterpret_cast<Policy*>(a.ptr); };
  auto run = [&](const std::vector<float>& pv, const std::vector<float>& iv, float r0) {
    DeviceArray<float> d_p(pv), d_i(iv), d_r(std::vector<float>{r0});
    CUAD_LAUNCH(apg_rollout, 2, 64, n_env, horizon, dt, pp(d_p), d_i.ptr, d_r.ptr);
    return as_doubles(d_r.get());
  };
  const Tol tol{3e-3, 2e-2};
#if CUAD_OUTPUT == 1
  const float w = 1.7f;
  auto loss = [&] { return w * run(pol, init, 0.25f)[0]; };
  DeviceArray<float> d_p(pol), d_i(init), d_r(std::vector<float>{0.25f}), g_p(zeros<float>(np)),
      g_i(zeros<float>(init.size())), g_r(std::vector<float>{w});
  CUAD_GRAD(CUAD_LAUNCH(apg_rollout_grad_3_4_5, 2, 64, n_env, horizon, dt, pp(d_p), d_i.ptr, d_r.ptr, pp(g_p), g_i.ptr,
                        g_r.ptr));
  check.array("policy", g_p.get(), fd(pol, loss), tol);
  check.array("init", g_i.get(), fd(init, loss), tol);
  // the total is only added into: its adjoint is the seed
  check.array("total_return", g_r.get(), std::vector<double>{w}, tol);
#else
  std::vector<float> vp = rng.vec<float>(np, -0.3, 0.3), vi = rng.vec<float>(init.size(), -0.3, 0.3);
  const float vr = 0.4f;
  auto outputs_at = [&](double t) { return run(along(pol, t, vp), along(init, t, vi), along(0.25f, t, vr)); };
  DeviceArray<float> d_p(pol), d_i(init), d_r(std::vector<float>{0.25f}), t_p(vp), t_i(vi), t_r(std::vector<float>{vr});
  CUAD_GRAD(CUAD_LAUNCH(apg_rollout_pushforward_3_4_5, 2, 64, n_env, horizon, dt, pp(d_p), d_i.ptr, d_r.ptr, pp(t_p), t_i.ptr,
                        t_r.ptr));
  check.array("total tangent", as_doubles(t_r.get()), directional_fd<float>(outputs_at), tol);
#endif
  return check.finish();
}
