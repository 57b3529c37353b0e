#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24e_fk_tree_quat");
  Rng rng(24505);
  const int nj = 7, np = 37;
  // root, a chain of three, and a branch of three off joint 1
  const std::vector<int> parent = {-1, 0, 1, 2, 1, 4, 5}, hinge = {2, 0, 1, 0, 2, 1, 0};
  std::vector<float> ang = rng.vec<float>(np * nj, -1.2, 1.2), len = rng.vec<float>(nj, 0.3, 1.0),
                     axis = rng.vec<float>(3 * nj, -1.0, 1.0);
  const float3 root = make_float3(0.1f, -0.2f, 0.3f);
  auto f3 = [](DeviceArray<float>& a) { return reinterpret_cast<const float3*>(a.ptr); };
  auto run = [&](const std::vector<float>& a, const std::vector<float>& l, const std::vector<float>& ax) {
    DeviceArray<float> d_a(a), d_l(l), d_ax(ax), d_o(zeros<float>(3 * nj * np));
    DeviceArray<int> d_p(parent), d_h(hinge);
    CUAD_LAUNCH(skin_fk, 2, 32, d_a.ptr, d_p.ptr, d_h.ptr, d_l.ptr, f3(d_ax), nj, np, root, d_o.ptr);
    return d_o.get();
  };
  DeviceArray<int> d_p(parent), d_h(hinge);
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(3 * nj * np);
  auto loss = [&] { return dot(w, run(ang, len, axis)); };
  DeviceArray<float> d_a(ang), d_l(len), d_ax(axis), d_o(zeros<float>(3 * nj * np)), g_a(zeros<float>(ang.size())),
      g_l(zeros<float>(nj)), g_ax(zeros<float>(3 * nj)), g_o(w);
  CUAD_GRAD(CUAD_LAUNCH(skin_fk_grad_0_3_4_8, 2, 32, d_a.ptr, d_p.ptr, d_h.ptr, d_l.ptr, f3(d_ax), nj, np, root,
                        d_o.ptr, g_a.ptr, g_l.ptr, reinterpret_cast<float3*>(g_ax.ptr), g_o.ptr));
  check.array("angles", g_a.get(), fd(ang, loss));
  check.array("bone_len", g_l.get(), fd(len, loss));
  check.array("rest_axis", g_ax.get(), fd(axis, loss));
  check.array("joint_pos", g_o.get(), zeros<double>(3 * nj * np));
#else
  const std::vector<float> va = rng.vec<float>(ang.size()), vl = rng.vec<float>(nj), vx = rng.vec<float>(3 * nj);
  auto outputs_at = [&](double t) { return as_doubles(run(along(ang, t, va), along(len, t, vl), along(axis, t, vx))); };
  DeviceArray<float> d_a(ang), d_l(len), d_ax(axis), d_o(zeros<float>(3 * nj * np)), t_a(va), t_l(vl), t_ax(vx),
      t_o(zeros<float>(3 * nj * np));
  CUAD_GRAD(CUAD_LAUNCH(skin_fk_pushforward_0_3_4_8, 2, 32, d_a.ptr, d_p.ptr, d_h.ptr, d_l.ptr, f3(d_ax), nj, np, root,
                        d_o.ptr, t_a.ptr, t_l.ptr, f3(t_ax), t_o.ptr));
  check.array("joint_pos tangent", as_doubles(t_o.get()), directional_fd<float>(outputs_at), default_tol<float>());
#if !defined(CUAD_SELFTEST)
  check.array("joint_pos value", d_o.get(), as_doubles(run(ang, len, axis)));
#endif
#endif
  return check.finish();
}
