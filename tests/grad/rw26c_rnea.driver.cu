#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26c_rnea");
  const int NJ = 4, n_env = 35, LW = sizeof(Link) / sizeof(double);
  Rng rng(26301);
  std::vector<double> q = rng.vec(n_env * NJ, -2.0, 2.0), qd = rng.vec(n_env * NJ, -1.5, 1.5),
                      qdd = rng.vec(n_env * NJ, -3.0, 3.0), fext = rng.vec(6 * n_env, -0.5, 0.5);
  std::vector<double> links(NJ * LW);
  const double twists[NJ] = {0.0, 1.5707963, -1.5707963, 1.5707963};
  for (int i = 0; i < NJ; ++i) {
    double* L = &links[i * LW];
    L[0] = rng.uniform(0.5, 3.0);
    for (int k = 0; k < 3; ++k) L[1 + k] = rng.uniform(-0.1, 0.2);
    for (int k = 0; k < 3; ++k) L[4 + k] = rng.uniform(0.01, 0.1);
    for (int k = 0; k < 3; ++k) L[7 + k] = rng.uniform(-0.05, 0.35);
    L[10] = twists[i] + rng.uniform(-0.1, 0.1);
  }
  const double gravity = 9.81;
  auto lp = [](DeviceArray<double>& a) { return reinterpret_cast<Link*>(a.ptr); };
  auto run = [&](const std::vector<double>& qv, const std::vector<double>& qdv, const std::vector<double>& qddv,
                 const std::vector<double>& lv, const std::vector<double>& fv) {
    DeviceArray<double> d_q(qv), d_qd(qdv), d_qdd(qddv), d_l(lv), d_f(fv), d_tau(zeros<double>(n_env * NJ));
    CUAD_LAUNCH(rnea_kernel<4>, 2, 32, n_env, d_q.ptr, d_qd.ptr, d_qdd.ptr, lp(d_l), d_f.ptr, gravity, d_tau.ptr);
    return d_tau.get();
  };
#if CUAD_OUTPUT == 1
  std::vector<double> w = rng.vec(n_env * NJ);
  auto loss = [&] { return dot(w, run(q, qd, qdd, links, fext)); };
  DeviceArray<double> d_q(q), d_qd(qd), d_qdd(qdd), d_l(links), d_f(fext), d_tau(zeros<double>(n_env * NJ));
  DeviceArray<double> g_q(zeros<double>(q.size())), g_qd(zeros<double>(q.size())), g_qdd(zeros<double>(q.size())),
      g_l(zeros<double>(links.size())), g_f(zeros<double>(fext.size())), g_tau(w);
  CUAD_GRAD(CUAD_LAUNCH(rnea_kernel_grad_1_2_3_4_5_7<4>, 2, 32, n_env, d_q.ptr, d_qd.ptr, d_qdd.ptr, lp(d_l),
                        d_f.ptr, gravity, d_tau.ptr, g_q.ptr, g_qd.ptr, g_qdd.ptr, lp(g_l), g_f.ptr, g_tau.ptr));
  check.array("q", g_q.get(), fd(q, loss));
  check.array("qd", g_qd.get(), fd(qd, loss));
  check.array("qdd", g_qdd.get(), fd(qdd, loss));
  check.array("links", g_l.get(), fd(links, loss));
  check.array("f_ext", g_f.get(), fd(fext, loss));
  check.array("tau", g_tau.get(), zeros<double>(n_env * NJ));
#else
  std::vector<double> vq = rng.vec(q.size()), vqd = rng.vec(q.size()), vqdd = rng.vec(q.size()),
                      vl = rng.vec(links.size(), -0.1, 0.1);
  auto outputs_at = [&](double t) {
    return run(along(q, t, vq), along(qd, t, vqd), along(qdd, t, vqdd), along(links, t, vl), fext);
  };
  DeviceArray<double> d_q(q), d_qd(qd), d_qdd(qdd), d_l(links), d_f(fext), d_tau(zeros<double>(n_env * NJ));
  DeviceArray<double> t_q(vq), t_qd(vqd), t_qdd(vqdd), t_l(vl), t_tau(zeros<double>(n_env * NJ));
  CUAD_GRAD(CUAD_LAUNCH(rnea_kernel_pushforward_1_2_3_4_7<4>, 2, 32, n_env, d_q.ptr, d_qd.ptr, d_qdd.ptr, lp(d_l),
                        d_f.ptr, gravity, d_tau.ptr, t_q.ptr, t_qd.ptr, t_qdd.ptr, lp(t_l), t_tau.ptr));
  check.array("tau tangent", t_tau.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
