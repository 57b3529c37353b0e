#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static const int NL = 7;

static TreeModel<NL> make_model(const std::vector<double>& v) {
  // trunk 0; leg A: 1 -> 2; leg B: 3 -> 4; tail 5 on 0; 6 on 5
  TreeModel<NL> m;
  const int par[NL] = {-1, 0, 1, 0, 3, 0, 5};
  for (int i = 0; i < NL; ++i) {
    m.parent[i] = par[i];
    m.mass[i] = v[i];
    m.len[i] = v[NL + i];
    m.inertia[i] = v[2 * NL + i];
  }
  m.gravity = v[3 * NL];
  return m;
}
static std::vector<double> flat(const TreeModel<NL>& m) {
  std::vector<double> v(3 * NL + 1);
  for (int i = 0; i < NL; ++i) {
    v[i] = m.mass[i];
    v[NL + i] = m.len[i];
    v[2 * NL + i] = m.inertia[i];
  }
  v[3 * NL] = m.gravity;
  return v;
}

int main() {
  Checker check("rw26c_tree_rnea");
  const int n_env = 36;
  Rng rng(26901);
  std::vector<double> mv(3 * NL + 1);
  for (int i = 0; i < NL; ++i) {
    mv[i] = rng.uniform(0.5, 3.0);
    mv[NL + i] = rng.uniform(0.2, 0.6);
    mv[2 * NL + i] = rng.uniform(0.01, 0.1);
  }
  mv[3 * NL] = 9.81;
  std::vector<double> q = rng.vec(n_env * NL, -1.5, 1.5), qd = rng.vec(n_env * NL, -2.0, 2.0),
                      qdd = rng.vec(n_env * NL, -4.0, 4.0);
  auto run = [&](const std::vector<double>& m, const std::vector<double>& qv, const std::vector<double>& qdv,
                 const std::vector<double>& qddv) {
    DeviceArray<double> d_q(qv), d_qd(qdv), d_qdd(qddv), d_tau(zeros<double>(n_env * NL));
    CUAD_LAUNCH(tree_inverse_dynamics<NL>, 2, 32, n_env, make_model(m), d_q.ptr, d_qd.ptr, d_qdd.ptr, d_tau.ptr);
    return d_tau.get();
  };
#if CUAD_OUTPUT == 1
  std::vector<double> w = rng.vec(n_env * NL);
  auto loss = [&] { return dot(w, run(mv, q, qd, qdd)); };
  DeviceArray<double> d_q(q), d_qd(qd), d_qdd(qdd), d_tau(zeros<double>(n_env * NL)), g_q(zeros<double>(q.size())),
      g_qd(zeros<double>(q.size())), g_qdd(zeros<double>(q.size())), g_tau(w);
  TreeModel<NL> zero_model = make_model(zeros<double>(mv.size()));
  DeviceArray<TreeModel<NL>> g_model(std::vector<TreeModel<NL>>{zero_model});
  CUAD_GRAD(CUAD_LAUNCH(tree_inverse_dynamics_grad_1_2_3_4_5<NL>, 2, 32, n_env, make_model(mv), d_q.ptr, d_qd.ptr,
                        d_qdd.ptr, d_tau.ptr, g_model.ptr, g_q.ptr, g_qd.ptr, g_qdd.ptr, g_tau.ptr));
  check.array("model", flat(g_model.get()[0]), fd(mv, loss));
  check.array("q", g_q.get(), fd(q, loss));
  check.array("qd", g_qd.get(), fd(qd, loss));
  check.array("qdd", g_qdd.get(), fd(qdd, loss));
  check.array("tau", g_tau.get(), zeros<double>(n_env * NL));
#else
  std::vector<double> vm = rng.vec(mv.size(), -0.1, 0.1), vq = rng.vec(q.size()), vqd = rng.vec(q.size()),
                      vqdd = rng.vec(q.size());
  auto outputs_at = [&](double t) {
    return run(along(mv, t, vm), along(q, t, vq), along(qd, t, vqd), along(qdd, t, vqdd));
  };
  DeviceArray<double> d_q(q), d_qd(qd), d_qdd(qdd), d_tau(zeros<double>(n_env * NL)), t_q(vq), t_qd(vqd),
      t_qdd(vqdd), t_tau(zeros<double>(n_env * NL));
  CUAD_GRAD(CUAD_LAUNCH(tree_inverse_dynamics_pushforward<NL>, 2, 32, n_env, make_model(mv), d_q.ptr, d_qd.ptr,
                        d_qdd.ptr, d_tau.ptr, make_model(vm), t_q.ptr, t_qd.ptr, t_qdd.ptr, t_tau.ptr));
  check.array("tau tangent", t_tau.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
