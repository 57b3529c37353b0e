#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26c_quat_slerp");
  Rng rng(26201);
#if CUAD_OUTPUT == 2
  // host calls of the __host__ __device__ function and its gradient, several configurations:
  // a wide arc, a flipped (negative dot) arc, and a nearly parallel pair (nlerp branch)
  for (int cfg = 0; cfg < 3; ++cfg) {
    std::vector<double> q0 = {0.9, 0.1, -0.3, 0.2}, q1 = {0.3, 0.8, 0.2, -0.4};
    if (cfg == 1) q1 = {-0.5, -0.2, 0.7, 0.3};
    if (cfg == 2) q1 = {0.91, 0.1, -0.29, 0.205};
    for (auto& v : q0) v *= 1.3;
    std::vector<double> t = {0.37};
    const Quat target{0.6, -0.2, 0.5, 0.3};
    const double v[3] = {0.4, -0.7, 0.25};
    auto loss = [&] {
      return orient_track_cost(Quat{q0[0], q0[1], q0[2], q0[3]}, Quat{q1[0], q1[1], q1[2], q1[3]}, target, t[0], v);
    };
    Quat g0{0, 0, 0, 0}, g1{0, 0, 0, 0};
    double gt = 0.0;
    CUAD_GRAD(orient_track_cost_grad_0_1_3(Quat{q0[0], q0[1], q0[2], q0[3]}, Quat{q1[0], q1[1], q1[2], q1[3]},
                                           target, t[0], v, &g0, &g1, &gt));
    check.array(at("q0 cfg", cfg), std::vector<double>{g0.w, g0.x, g0.y, g0.z}, fd(q0, loss));
    check.array(at("q1 cfg", cfg), std::vector<double>{g1.w, g1.x, g1.y, g1.z}, fd(q1, loss));
    check.scalar(at("t cfg", cfg), gt, fd(t[0], loss));
  }
#else
  const int n_env = 37, n_keys = 5;
  std::vector<double> keys = rng.vec(4 * n_env * n_keys, -1.0, 1.0);
  // every third track's consecutive keys nearly parallel (nlerp branch)
  for (int e = 0; e < n_env; e += 3)
    for (int k = 1; k < n_keys; ++k)
      for (int c = 0; c < 4; ++c)
        keys[4 * (e * n_keys + k) + c] = keys[4 * (e * n_keys + k - 1) + c] * 1.1 + rng.uniform(-0.01, 0.01);
  std::vector<double> times(n_env);
  for (int e = 0; e < n_env; ++e) {
    // keep the fraction away from integers and the dot away from 0 and from 0.9995
    for (;;) {
      times[e] = rng.uniform(0.02, 0.98);
      const double s = times[e] * (n_keys - 1), fr = s - std::floor(s);
      const int k = (int)std::floor(s);
      double na = 0, nb = 0, d = 0;
      for (int c = 0; c < 4; ++c) {
        const double a = keys[4 * (e * n_keys + k) + c], b = keys[4 * (e * n_keys + k + 1) + c];
        na += a * a, nb += b * b, d += a * b;
      }
      const double cs = std::fabs(d / std::sqrt(na * nb));
      if (fr > 0.05 && fr < 0.95 && cs > 0.05 && std::fabs(cs - 0.9995) > 1e-4) break;
    }
  }
  auto qp = [](DeviceArray<double>& a) { return reinterpret_cast<Quat*>(a.ptr); };
  auto run = [&](const std::vector<double>& kv, const std::vector<double>& tv) {
    DeviceArray<double> d_k(kv), d_t(tv), d_o(zeros<double>(4 * n_env));
    CUAD_LAUNCH(slerp_keyframes, 2, 32, n_env, n_keys, qp(d_k), d_t.ptr, qp(d_o));
    return d_o.get();
  };
#if CUAD_OUTPUT == 1
  std::vector<double> w = rng.vec(4 * n_env);
  auto loss = [&] { return dot(w, run(keys, times)); };
  DeviceArray<double> d_k(keys), d_t(times), d_o(zeros<double>(4 * n_env)), g_k(zeros<double>(keys.size())),
      g_t(zeros<double>(n_env)), g_o(w);
  CUAD_GRAD(CUAD_LAUNCH(slerp_keyframes_grad_2_3_4, 2, 32, n_env, n_keys, qp(d_k), d_t.ptr, qp(d_o),
                        qp(g_k), g_t.ptr, qp(g_o)));
  check.array("keys", g_k.get(), fd(keys, loss));
  check.array("times", g_t.get(), fd(times, loss));
  check.array("out", g_o.get(), zeros<double>(4 * n_env));
#else
  std::vector<double> vk = rng.vec(keys.size(), -0.3, 0.3), vt = rng.vec(n_env, -0.2, 0.2);
  auto outputs_at = [&](double t) { return run(along(keys, t, vk), along(times, t, vt)); };
  DeviceArray<double> d_k(keys), d_t(times), d_o(zeros<double>(4 * n_env)), t_k(vk), t_t(vt),
      t_o(zeros<double>(4 * n_env));
  CUAD_GRAD(CUAD_LAUNCH(slerp_keyframes_pushforward, 2, 32, n_env, n_keys, qp(d_k), d_t.ptr, qp(d_o),
                        qp(t_k), t_t.ptr, qp(t_o)));
  check.array("out tangent", t_o.get(), directional_fd<double>(outputs_at));
#endif
#endif
  return check.finish();
}
