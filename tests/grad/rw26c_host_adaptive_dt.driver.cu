#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26c_host_adaptive_dt");
  const int n = 40, steps = 12;
  const double dt0 = 0.05, t_goal = 0.4;
  Rng rng(28301);
  std::vector<double> q0 = rng.vec(2 * n, -0.8, 0.8), qd0 = rng.vec(2 * n, -1.5, 1.5), k = {3.0, 1.5};
  std::vector<double> w = rng.vec(2 * n);
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    std::vector<double> qo(2 * n);
    const double c = simulate_adaptive(n, q0.data(), qd0.data(), k.data(), steps, dt0, t_goal, qo.data());
    return c + dot(w, qo);
  };
  std::vector<double> qo(2 * n), g_q(2 * n, 0.0), g_qd(2 * n, 0.0), g_k(2, 0.0), g_qo = w;
  CUAD_GRAD(simulate_adaptive_grad_1_2_3_7(n, q0.data(), qd0.data(), k.data(), steps, dt0, t_goal, qo.data(),
                                           g_q.data(), g_qd.data(), g_k.data(), g_qo.data()));
  check.array("q0", g_q, fd(q0, loss));
  check.array("qd0", g_qd, fd(qd0, loss));
  check.array("stiffness", g_k, fd(k, loss));
  check.array("q_out", g_qo, zeros<double>(2 * n));
#else
  std::vector<double> vq = rng.vec(2 * n), vqd = rng.vec(2 * n), vk = rng.vec(2);
  auto outputs_at = [&](double t) {
    std::vector<double> a = along(q0, t, vq), b = along(qd0, t, vqd), c = along(k, t, vk), qo(2 * n);
    const double cost = simulate_adaptive(n, a.data(), b.data(), c.data(), steps, dt0, t_goal, qo.data());
    qo.push_back(cost);
    return qo;
  };
  std::vector<double> got;
#ifndef CUAD_SELFTEST
  std::vector<double> qo(2 * n), t_qo(2 * n, 0.0);
  auto r = simulate_adaptive_pushforward_1_2_3_7(n, q0.data(), qd0.data(), k.data(), steps, dt0, t_goal, qo.data(),
                                                 vq.data(), vqd.data(), vk.data(), t_qo.data());
  got = t_qo;
  got.push_back(r.pushforward);
#endif
  check.array("tangents", got, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
