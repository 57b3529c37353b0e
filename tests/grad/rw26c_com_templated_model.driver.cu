#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26c_com_templated_model");
  const int n = 35;
  Rng rng(29101);
  std::vector<double> q = rng.vec(n * NLINKS, -1.2, 1.2), qd = rng.vec(n * NLINKS, -2.0, 2.0), mp(2 * NLINKS);
  for (int i = 0; i < NLINKS; ++i) {
    mp[i] = rng.uniform(0.5, 2.0);
    mp[NLINKS + i] = rng.uniform(0.2, 0.5);
  }
  auto run = [&](const std::vector<double>& qv, const std::vector<double>& qdv, const std::vector<double>& mv) {
    DeviceArray<double> d_q(qv), d_qd(qdv), d_m(mv), d_o(zeros<double>(4 * n));
    CUAD_LAUNCH(com_kernel, 2, 32, n, d_q.ptr, d_qd.ptr, d_m.ptr, d_o.ptr);
    return d_o.get();
  };
#if CUAD_OUTPUT == 1
  std::vector<double> w = rng.vec(4 * n);
  auto loss = [&] { return dot(w, run(q, qd, mp)); };
  DeviceArray<double> d_q(q), d_qd(qd), d_m(mp), d_o(zeros<double>(4 * n)), g_q(zeros<double>(q.size())),
      g_qd(zeros<double>(q.size())), g_m(zeros<double>(mp.size())), g_o(w);
  CUAD_GRAD(CUAD_LAUNCH(com_kernel_grad_1_2_3_4, 2, 32, n, d_q.ptr, d_qd.ptr, d_m.ptr, d_o.ptr, g_q.ptr,
                        g_qd.ptr, g_m.ptr, g_o.ptr));
  check.array("q", g_q.get(), fd(q, loss));
  check.array("qd", g_qd.get(), fd(qd, loss));
  check.array("model_params", g_m.get(), fd(mp, loss));
  check.array("com_out", g_o.get(), zeros<double>(4 * n));
#else
  std::vector<double> vq = rng.vec(q.size()), vqd = rng.vec(q.size()), vm = rng.vec(mp.size(), -0.1, 0.1);
  auto outputs_at = [&](double t) { return run(along(q, t, vq), along(qd, t, vqd), along(mp, t, vm)); };
  DeviceArray<double> d_q(q), d_qd(qd), d_m(mp), d_o(zeros<double>(4 * n)), t_q(vq), t_qd(vqd), t_m(vm),
      t_o(zeros<double>(4 * n));
  CUAD_GRAD(CUAD_LAUNCH(com_kernel_pushforward, 2, 32, n, d_q.ptr, d_qd.ptr, d_m.ptr, d_o.ptr, t_q.ptr,
                        t_qd.ptr, t_m.ptr, t_o.ptr));
  check.array("com tangent", t_o.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
