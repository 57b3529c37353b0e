#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw22b_rodrigues");
  const int n = 40;
  Rng rng(22003);
  std::vector<double> omega = rng.vec(3 * n, -1.5, 1.5), v = rng.vec(3 * n, -2.0, 2.0),
                      out = rng.vec(3 * n), w = rng.vec(3 * n);
  for (int i = 0; i < n; ++i) {  // |omega| >= 0.3: the axis is well defined
    const double t = std::sqrt(omega[3 * i] * omega[3 * i] + omega[3 * i + 1] * omega[3 * i + 1] +
                               omega[3 * i + 2] * omega[3 * i + 2]);
    if (t < 0.3)
      for (int k = 0; k < 3; ++k) omega[3 * i + k] *= 0.3 / t + 0.5;
  }
  auto run = [&](const std::vector<double>& om, const std::vector<double>& vv) {
    DeviceArray<double> d_om(om), d_v(vv), d_out(out);
    CUAD_LAUNCH(rodrigues, 2, 32, d_om.ptr, d_v.ptr, d_out.ptr, n);
    return d_out.get();
  };
  DeviceArray<double> d_om(omega), d_v(v), d_out(out);
#if CUAD_OUTPUT == 1
  auto loss = [&] { return dot(w, run(omega, v)); };
  DeviceArray<double> a_om(zeros<double>(3 * n)), a_v(zeros<double>(3 * n)), a_out(w);
  CUAD_GRAD(CUAD_LAUNCH(rodrigues_grad_0_1_2, 2, 32, d_om.ptr, d_v.ptr, d_out.ptr, n, a_om.ptr,
                        a_v.ptr, a_out.ptr));
  check.array("omega", a_om.get(), fd(omega, loss));
  check.array("v", a_v.get(), fd(v, loss));
  check.array("out (only written)", a_out.get(), std::vector<double>(3 * n, 0.0));
#else
  std::vector<double> vom = rng.vec(3 * n), vv = rng.vec(3 * n);
  auto outputs_at = [&](double t) { return run(along(omega, t, vom), along(v, t, vv)); };
  DeviceArray<double> t_om(vom), t_v(vv), t_out(zeros<double>(3 * n));
  CUAD_GRAD(CUAD_LAUNCH(rodrigues_pushforward, 2, 32, d_om.ptr, d_v.ptr, d_out.ptr, n, t_om.ptr,
                        t_v.ptr, t_out.ptr));
  check.array("out", t_out.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
