#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26c_cable_block_sim");
  const int n_env = 2, n_steps = 10;
  const float dt = 0.01f, rest = 0.05f;
  Rng rng(27201);
  std::vector<float> pos0(2 * n_env * NM), vel0 = rng.vec<float>(2 * n_env * NM, -0.2, 0.2),
                                           stiff = rng.vec<float>(NM - 1, 20.0, 40.0),
                                           act = rng.vec<float>(2 * n_env * n_steps, -2.0, 2.0);
  for (int e = 0; e < n_env; ++e)
    for (int i = 0; i < NM; ++i) {
      pos0[2 * (e * NM + i)] = 0.055f * i + (float)rng.uniform(-0.005, 0.005);
      pos0[2 * (e * NM + i) + 1] = 0.02f * std::sin(0.3 * i + e) + (float)rng.uniform(-0.005, 0.005);
    }
  auto run = [&](const std::vector<float>& p, const std::vector<float>& v, const std::vector<float>& k,
                 const std::vector<float>& a) {
    DeviceArray<float> d_p(p), d_v(v), d_k(k), d_a(a), d_o(zeros<float>(2 * n_env * NM));
    CUAD_LAUNCH(cable_sim, n_env, NM, n_steps, dt, rest, d_p.ptr, d_v.ptr, d_k.ptr, d_a.ptr, d_o.ptr);
    return as_doubles(d_o.get());
  };
  const Tol tol{3e-3, 2e-2};
#if CUAD_OUTPUT == 1
  std::vector<float> w = rng.vec<float>(2 * n_env * NM);
  auto loss = [&] { return dot(w, run(pos0, vel0, stiff, act)); };
  DeviceArray<float> d_p(pos0), d_v(vel0), d_k(stiff), d_a(act), d_o(zeros<float>(2 * n_env * NM));
  DeviceArray<float> g_p(zeros<float>(pos0.size())), g_v(zeros<float>(vel0.size())), g_k(zeros<float>(NM - 1)),
      g_a(zeros<float>(act.size())), g_o(w);
  CUAD_GRAD(CUAD_LAUNCH(cable_sim_grad_3_4_5_6_7, n_env, NM, n_steps, dt, rest, d_p.ptr, d_v.ptr, d_k.ptr, d_a.ptr,
                        d_o.ptr, g_p.ptr, g_v.ptr, g_k.ptr, g_a.ptr, g_o.ptr));
  check.array("pos0", g_p.get(), fd(pos0, loss), tol);
  check.array("vel0", g_v.get(), fd(vel0, loss), tol);
  check.array("stiffness", g_k.get(), fd(stiff, loss), tol);
  check.array("actuation", g_a.get(), fd(act, loss), tol);
  check.array("pos_out", g_o.get(), zeros<double>(w.size()));
#else
  std::vector<float> vp = rng.vec<float>(pos0.size(), -0.01, 0.01), vv = rng.vec<float>(vel0.size()),
                     vk = rng.vec<float>(NM - 1), va = rng.vec<float>(act.size());
  auto outputs_at = [&](double t) { return run(along(pos0, t, vp), along(vel0, t, vv), along(stiff, t, vk), along(act, t, va)); };
  DeviceArray<float> d_p(pos0), d_v(vel0), d_k(stiff), d_a(act), d_o(zeros<float>(2 * n_env * NM));
  DeviceArray<float> t_p(vp), t_v(vv), t_k(vk), t_a(va), t_o(zeros<float>(2 * n_env * NM));
  CUAD_GRAD(CUAD_LAUNCH(cable_sim_pushforward_3_4_5_6_7, n_env, NM, n_steps, dt, rest, d_p.ptr, d_v.ptr, d_k.ptr,
                        d_a.ptr, d_o.ptr, t_p.ptr, t_v.ptr, t_k.ptr, t_a.ptr, t_o.ptr));
  check.array("pos_out tangent", as_doubles(t_o.get()), directional_fd<float>(outputs_at), tol);
#endif
  return check.finish();
}
