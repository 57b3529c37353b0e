#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24d_min_static_member_call");
  Rng rng(24906);
  const int n = 8;
  std::vector<double> r2 = rng.vec(n, 0.9, 3.0);
  double eps = 0.7, sig = 1.05;
  auto run = [&](const std::vector<double>& r, double e, double s) {
    DeviceArray<double> d_r(r), d_o(zeros<double>(n));
    CUAD_LAUNCH(lj_energies, 1, 8, d_r.ptr, e, s, d_o.ptr, n);
    return d_o.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] { return dot(w, run(r2, eps, sig)); };
  DeviceArray<double> d_r(r2), d_o(zeros<double>(n)), g_r(zeros<double>(n)), g_o(w);
  DeviceScalar<double> g_e, g_s;
  CUAD_GRAD(CUAD_LAUNCH(lj_energies_grad_0_1_2_3, 1, 8, d_r.ptr, eps, sig, d_o.ptr, n, g_r.ptr, g_e.ptr, g_s.ptr, g_o.ptr));
  check.array("r2", g_r.get(), fd(r2, loss));
  check.scalar("eps", g_e.value(), fd(eps, loss));
  check.scalar("sig", g_s.value(), fd(sig, loss));
  check.array("out", g_o.get(), zeros<double>(n));
#else
  const std::vector<double> vr = rng.vec(n);
  const double ve = 0.3, vs = -0.2;
  auto outputs_at = [&](double t) { return run(along(r2, t, vr), along(eps, t, ve), along(sig, t, vs)); };
  DeviceArray<double> d_r(r2), d_o(zeros<double>(n)), t_r(vr), t_o(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(lj_energies_pushforward, 1, 8, d_r.ptr, eps, sig, d_o.ptr, n, t_r.ptr, ve, vs, t_o.ptr));
  check.array("out tangent", t_o.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
