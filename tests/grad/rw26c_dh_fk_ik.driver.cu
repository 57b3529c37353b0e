#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26c_dh_fk_ik");
  const int NJ = 5, n_env = 40;  // 2 blocks of 32, the second partial
  Rng rng(26101);
  std::vector<double> q = rng.vec(n_env * NJ, -1.4, 1.4);
  // a, alpha, d, theta_off per joint (a PUMA-like arm, perturbed)
  std::vector<double> dh = {0.05, 1.5707963, 0.33, 0.0,  0.40, 0.0, 0.0, -1.5707963,
                            0.03, 1.5707963, 0.0, 0.0,   0.0, -1.5707963, 0.42, 0.0,
                            0.0,  0.0,       0.09, 0.2};
  for (auto& v : dh) v += rng.uniform(-0.02, 0.02);
  std::vector<double> target = rng.vec(3 * n_env, -0.5, 0.5);
  auto as_dh = [](DeviceArray<double>& a) { return reinterpret_cast<DHParam*>(a.ptr); };
  auto run = [&](const std::vector<double>& qv, const std::vector<double>& dv,
                 const std::vector<double>& tv) {
    DeviceArray<double> d_q(qv), d_dh(dv), d_t(tv), d_ee(zeros<double>(3 * n_env)),
        d_l(zeros<double>(n_env));
    CUAD_LAUNCH(ik_loss_kernel<5>, 2, 32, n_env, d_q.ptr, as_dh(d_dh), d_t.ptr, d_ee.ptr, d_l.ptr);
    std::vector<double> out = d_ee.get(), l = d_l.get();
    out.insert(out.end(), l.begin(), l.end());
    return out;
  };
  const size_t nout = 4 * n_env;
#if CUAD_OUTPUT == 1
  std::vector<double> w = rng.vec(nout);
  auto loss = [&] { return dot(w, run(q, dh, target)); };
  DeviceArray<double> d_q(q), d_dh(dh), d_t(target), d_ee(zeros<double>(3 * n_env)), d_l(zeros<double>(n_env));
  DeviceArray<double> g_q(zeros<double>(q.size())), g_dh(zeros<double>(dh.size())),
      g_t(zeros<double>(target.size())), g_ee(std::vector<double>(w.begin(), w.begin() + 3 * n_env)),
      g_l(std::vector<double>(w.begin() + 3 * n_env, w.end()));
  CUAD_GRAD(CUAD_LAUNCH(ik_loss_kernel_grad_1_2_3_4_5<5>, 2, 32, n_env, d_q.ptr, as_dh(d_dh), d_t.ptr,
                        d_ee.ptr, d_l.ptr, g_q.ptr, as_dh(g_dh), g_t.ptr, g_ee.ptr, g_l.ptr));
  check.array("q", g_q.get(), fd(q, loss));
  check.array("dh", g_dh.get(), fd(dh, loss));
  check.array("target", g_t.get(), fd(target, loss));
  check.array("ee", g_ee.get(), zeros<double>(3 * n_env));
  check.array("loss", g_l.get(), zeros<double>(n_env));
#else
  std::vector<double> vq = rng.vec(q.size()), vd = rng.vec(dh.size(), -0.1, 0.1);
  auto outputs_at = [&](double t) { return run(along(q, t, vq), along(dh, t, vd), target); };
  DeviceArray<double> d_q(q), d_dh(dh), d_t(target), d_ee(zeros<double>(3 * n_env)), d_l(zeros<double>(n_env));
  DeviceArray<double> t_q(vq), t_dh(vd), t_ee(zeros<double>(3 * n_env)), t_l(zeros<double>(n_env));
  CUAD_GRAD(CUAD_LAUNCH(ik_loss_kernel_pushforward_1_2_4_5<5>, 2, 32, n_env, d_q.ptr, as_dh(d_dh), d_t.ptr,
                        d_ee.ptr, d_l.ptr, t_q.ptr, as_dh(t_dh), t_ee.ptr, t_l.ptr));
  std::vector<double> got = t_ee.get(), tl = t_l.get();
  got.insert(got.end(), tl.begin(), tl.end());
  check.array("ee+loss tangent", got, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
