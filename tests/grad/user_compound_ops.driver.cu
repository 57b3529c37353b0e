#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("user_compound_ops");
  Rng rng(2417);
  const int n = 6;
  std::vector<double> d = rng.vec(4 * n), p = rng.vec(4 * n), s(n);
  for (double& x : s) x = rng.uniform(0.5, 1.5);
  auto d4 = [](DeviceArray<double>& a) { return reinterpret_cast<double4*>(a.ptr); };
#if CUAD_OUTPUT == 1
  const std::vector<double> wp = rng.vec(4 * n), wq = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> d_d(d), d_s(s), d_p(p), d_q(zeros<double>(n));
    CUAD_LAUNCH(relax, 1, 8, d4(d_d), d_s.ptr, d4(d_p), d_q.ptr, n);
    return dot(wp, d_p.get()) + dot(wq, d_q.get());
  };
  DeviceArray<double> d_d(d), d_s(s), d_p(p), d_q(zeros<double>(n));
  DeviceArray<double> g_d(zeros<double>(4 * n)), g_s(zeros<double>(n)), g_p(wp), g_q(wq);
  CUAD_GRAD(CUAD_LAUNCH(relax_grad_0_1_2_3, 1, 8, d4(d_d), d_s.ptr, d4(d_p), d_q.ptr, n, d4(g_d), g_s.ptr, d4(g_p), g_q.ptr));
  check.array("d", g_d.get(), fd(d, loss));
  check.array("s", g_s.get(), fd(s, loss));
  check.array("p", g_p.get(), fd(p, loss));
#else
  const std::vector<double> vd = rng.vec(4 * n), vs = rng.vec(n), vp = rng.vec(4 * n);
  auto outputs_at = [&](double t) {
    DeviceArray<double> d_d(along(d, t, vd)), d_s(along(s, t, vs)), d_p(along(p, t, vp)), d_q(zeros<double>(n));
    CUAD_LAUNCH(relax, 1, 8, d4(d_d), d_s.ptr, d4(d_p), d_q.ptr, n);
    std::vector<double> out = d_p.get(), q = d_q.get();
    out.insert(out.end(), q.begin(), q.end());
    return out;
  };
  DeviceArray<double> d_d(d), d_s(s), d_p(p), d_q(zeros<double>(n));
  DeviceArray<double> t_d(vd), t_s(vs), t_p(vp), t_q(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(relax_pushforward, 1, 8, d4(d_d), d_s.ptr, d4(d_p), d_q.ptr, n, d4(t_d), t_s.ptr, d4(t_p), t_q.ptr));
  std::vector<double> got = t_p.get(), tq = t_q.get();
  got.insert(got.end(), tq.begin(), tq.end());
  check.array("out", got, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
