#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26c_host_ik_descent");
  const int n_env = 35, iters = 6;
  const double lr = 0.8;
  Rng rng(27001);
  std::vector<double> q0 = rng.vec(n_env * NLINK, -1.2, 1.2), targets = rng.vec(2 * n_env, -1.2, 1.2),
                      len = {0.6, 0.5, 0.35};
  std::vector<double> w = rng.vec(n_env * NLINK);
  auto loss = [&] {
    std::vector<double> qo(n_env * NLINK);
    const double l = ik_solve(q0.data(), targets.data(), len.data(), n_env, iters, lr, qo.data());
    return l + dot(w, qo);
  };
  std::vector<double> qo(n_env * NLINK), g_q0(q0.size(), 0.0), g_t(targets.size(), 0.0), g_l(NLINK, 0.0), g_qo = w;
  CUAD_GRAD(ik_solve_grad_0_1_2_6(q0.data(), targets.data(), len.data(), n_env, iters, lr, qo.data(), g_q0.data(),
                                  g_t.data(), g_l.data(), g_qo.data()));
  check.array("q0", g_q0, fd(q0, loss));
  check.array("targets", g_t, fd(targets, loss));
  check.array("link_len", g_l, fd(len, loss));
  check.array("q_out", g_qo, zeros<double>(qo.size()));
  return check.finish();
}
