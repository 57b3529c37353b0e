#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26c_tree_fk_recursive");
  const int n_env = 20;
  Rng rng(27901);
  // palm 0; thumb 1-2; index 3-4-5; middle 6-7; ring 8-9
  const int parent[NL] = {-1, 0, 1, 0, 3, 4, 0, 6, 0, 8};
  std::vector<int> fc(NL, -1), ns(NL, -1), ax(NL);
  for (int i = NL - 1; i >= 1; --i) {
    ns[i] = fc[parent[i]];
    fc[parent[i]] = i;
  }
  for (int i = 0; i < NL; ++i) ax[i] = (i % 3 == 0) ? 0 : 1;
  std::vector<double> q = rng.vec(n_env * NL, -1.2, 1.2), bone = rng.vec(3 * NL, -0.05, 0.1);
  DeviceArray<int> d_fc(fc), d_ns(ns), d_ax(ax);
  auto run = [&](const std::vector<double>& qv, const std::vector<double>& bv) {
    DeviceArray<double> d_q(qv), d_b(bv), d_o(zeros<double>(3 * NL * n_env));
    CUAD_LAUNCH(tree_fk_kernel, 1, 32, n_env, d_fc.ptr, d_ns.ptr, d_ax.ptr, d_q.ptr, d_b.ptr, d_o.ptr);
    return d_o.get();
  };
  const size_t no = 3 * NL * n_env;
#if CUAD_OUTPUT == 1
  std::vector<double> w = rng.vec(no);
  auto loss = [&] { return dot(w, run(q, bone)); };
  DeviceArray<double> d_q(q), d_b(bone), d_o(zeros<double>(no)), g_q(zeros<double>(q.size())),
      g_b(zeros<double>(bone.size())), g_o(w);
  CUAD_GRAD(cudaDeviceSetLimit(cudaLimitStackSize, 32 * 1024));
  CUAD_GRAD(CUAD_LAUNCH(tree_fk_kernel_grad_4_5_6, 1, 32, n_env, d_fc.ptr, d_ns.ptr, d_ax.ptr, d_q.ptr, d_b.ptr,
                        d_o.ptr, g_q.ptr, g_b.ptr, g_o.ptr));
  check.array("q", g_q.get(), fd(q, loss));
  check.array("bone", g_b.get(), fd(bone, loss));
  check.array("link_pos", g_o.get(), zeros<double>(no));
#else
  std::vector<double> vq = rng.vec(q.size()), vb = rng.vec(bone.size(), -0.05, 0.05);
  auto outputs_at = [&](double t) { return run(along(q, t, vq), along(bone, t, vb)); };
  DeviceArray<double> d_q(q), d_b(bone), d_o(zeros<double>(no)), t_q(vq), t_b(vb), t_o(zeros<double>(no));
  CUAD_GRAD(cudaDeviceSetLimit(cudaLimitStackSize, 32 * 1024));
  CUAD_GRAD(CUAD_LAUNCH(tree_fk_kernel_pushforward, 1, 32, n_env, d_fc.ptr, d_ns.ptr, d_ax.ptr, d_q.ptr, d_b.ptr,
                        d_o.ptr, t_q.ptr, t_b.ptr, t_o.ptr));
  check.array("link_pos tangent", t_o.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
