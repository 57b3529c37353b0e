#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw22b_complex_array");
  const int n_elem = 8, n_dirs = 37;
  Rng rng(22007);
  std::vector<double> amp = rng.vec(n_elem, 0.5, 1.5), pos(n_elem), tau = rng.vec(n_elem, 0.1, 1.0),
                      theta = rng.vec(n_dirs, -1.2, 1.2), power = rng.vec(n_dirs),
                      w = rng.vec(n_dirs);
  for (int e = 0; e < n_elem; ++e) pos[e] = 0.25 * e + rng.uniform(-0.05, 0.05);
  const double omega = 1.7;
  auto run = [&](const std::vector<double>& a, const std::vector<double>& p,
                 const std::vector<double>& t, const std::vector<double>& th) {
    DeviceArray<double> da(a), dp(p), dt(t), dth(th), dpow(power);
    CUAD_LAUNCH(array_power<double>, 2, 32, da.ptr, dp.ptr, dt.ptr, dth.ptr, dpow.ptr, omega,
                n_elem, n_dirs);
    return dpow.get();
  };
  DeviceArray<double> da(amp), dp(pos), dt(tau), dth(theta), dpow(power);
#if CUAD_OUTPUT == 1
  auto loss = [&] { return dot(w, run(amp, pos, tau, theta)); };
  DeviceArray<double> a_a(zeros<double>(n_elem)), a_p(zeros<double>(n_elem)),
      a_t(zeros<double>(n_elem)), a_th(zeros<double>(n_dirs)), a_pow(w);
  CUAD_GRAD(CUAD_LAUNCH(array_power_grad_0_1_2_3_4<double>, 2, 32, da.ptr, dp.ptr, dt.ptr,
                        dth.ptr, dpow.ptr, omega, n_elem, n_dirs, a_a.ptr, a_p.ptr, a_t.ptr,
                        a_th.ptr, a_pow.ptr));
  check.array("amp", a_a.get(), fd(amp, loss));
  check.array("pos", a_p.get(), fd(pos, loss));
  check.array("tau", a_t.get(), fd(tau, loss));
  check.array("theta", a_th.get(), fd(theta, loss));
  check.array("power (only written)", a_pow.get(), std::vector<double>(n_dirs, 0.0));
#else
  std::vector<double> va = rng.vec(n_elem), vp = rng.vec(n_elem, -0.2, 0.2), vt = rng.vec(n_elem),
                      vth = rng.vec(n_dirs);
  auto outputs_at = [&](double t) {
    return run(along(amp, t, va), along(pos, t, vp), along(tau, t, vt), along(theta, t, vth));
  };
  DeviceArray<double> t_a(va), t_p(vp), t_t(vt), t_th(vth), t_pow(zeros<double>(n_dirs));
  CUAD_GRAD(CUAD_LAUNCH(array_power_pushforward_0_1_2_3_4<double>, 2, 32, da.ptr, dp.ptr, dt.ptr,
                        dth.ptr, dpow.ptr, omega, n_elem, n_dirs, t_a.ptr, t_p.ptr, t_t.ptr,
                        t_th.ptr, t_pow.ptr));
  check.array("power", t_pow.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
