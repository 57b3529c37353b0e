#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25b_soft_nw_smem");
  Rng rng(25102);
  const int npairs = 3;
  std::vector<int> la = {24, 13, 9}, lb = {20, 17, 9};
  std::vector<float> xa = rng.vec<float>(npairs * MAXL * EMB, -1.0, 1.0),
                     xb = rng.vec<float>(npairs * MAXL * EMB, -1.0, 1.0);
  float gap = -0.6f, temp = 0.8f;
  DeviceArray<int> d_la(la), d_lb(lb);
  auto run = [&](const std::vector<float>& a, const std::vector<float>& b, float g, float t) {
    DeviceArray<float> d_a(a), d_b(b), d_s(zeros<float>(npairs));
    CUAD_LAUNCH(soft_nw_batch, npairs, 32, d_a.ptr, d_b.ptr, d_la.ptr, d_lb.ptr, g, t, d_s.ptr);
    return d_s.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(npairs);
  auto loss = [&] { return dot(w, run(xa, xb, gap, temp)); };
  DeviceArray<float> d_a(xa), d_b(xb), d_s(zeros<float>(npairs)), g_a(zeros<float>(xa.size())),
      g_b(zeros<float>(xb.size())), g_s(w);
  DeviceScalar<float> g_gap(0.0f), g_temp(0.0f);
  CUAD_GRAD(CUAD_LAUNCH(soft_nw_batch_grad_0_1_4_5_6, npairs, 32, d_a.ptr, d_b.ptr, d_la.ptr, d_lb.ptr,
                        gap, temp, d_s.ptr, g_a.ptr, g_b.ptr, g_gap.ptr, g_temp.ptr, g_s.ptr));
  check.array("xa", g_a.get(), fd(xa, loss));
  check.array("xb", g_b.get(), fd(xb, loss));
  check.scalar("gap", g_gap.value(), fd(gap, loss));
  check.scalar("temp", g_temp.value(), fd(temp, loss));
  check.array("score", g_s.get(), zeros<double>(npairs));
#else
  const std::vector<float> va = rng.vec<float>(xa.size()), vb = rng.vec<float>(xb.size()),
                           vs = rng.vec<float>(npairs);
  const float vg = 0.3f, vt = -0.2f;
  auto outputs_at = [&](double t) {
    return as_doubles(run(along(xa, t, va), along(xb, t, vb), along(gap, t, vg), along(temp, t, vt)));
  };
  DeviceArray<float> d_a(xa), d_b(xb), d_s(zeros<float>(npairs)), t_a(va), t_b(vb), t_s(vs);
  CUAD_GRAD(CUAD_LAUNCH(soft_nw_batch_pushforward, npairs, 32, d_a.ptr, d_b.ptr, d_la.ptr, d_lb.ptr,
                        gap, temp, d_s.ptr, t_a.ptr, t_b.ptr, vg, vt, t_s.ptr));
  check.array("score tangent", as_doubles(t_s.get()), directional_fd<float>(outputs_at), default_tol<float>());
#if !defined(CUAD_SELFTEST)
  check.array("score value", d_s.get(), as_doubles(run(xa, xb, gap, temp)));
#endif
#endif
  return check.finish();
}
