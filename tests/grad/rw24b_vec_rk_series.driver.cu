#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24b_vec_rk_series");
  const int n = 34, nsteps = 10;
  const double h = 0.1;
  Rng rng(24210);
  std::vector<double> y0 = rng.vec(4 * n, 0.2, 2.0), theta(9 * n);
  for (int e = 0; e < n; ++e) {
    for (int i = 0; i < 3; ++i) { theta[9 * e + i] = rng.uniform(0.5, 2.0); theta[9 * e + 3 + i] = rng.uniform(0.3, 1.5); }
    theta[9 * e + 6] = rng.uniform(1.3, 2.7);
    theta[9 * e + 7] = rng.uniform(0.5, 1.5);
    theta[9 * e + 8] = (e % 2) ? rng.uniform(0.2, 0.9) : rng.uniform(1.2, 4.0);  // both E1 branches
  }
#if CUAD_OUTPUT == 1
  std::vector<double> vy = rng.vec(4 * n, -0.2, 0.2), vt = rng.vec(9 * n, -0.1, 0.1);
  auto outputs_at = [&](double t) {
    DeviceArray<double> dy(along(y0, t, vy)), dt(along(theta, t, vt)), dT(zeros<double>(4 * n));
    CUAD_LAUNCH(kinetics_rk, 2, 32, dy.ptr, dt.ptr, dT.ptr, nsteps, h, n);
    return dT.get();
  };
  DeviceArray<double> dy(y0), dt(theta), dT(zeros<double>(4 * n)), ty(vy), tt(vt), tT(zeros<double>(4 * n));
  CUAD_GRAD(CUAD_LAUNCH(kinetics_rk_pushforward, 2, 32, dy.ptr, dt.ptr, dT.ptr, nsteps, h, n, ty.ptr, tt.ptr, tT.ptr, 0.0));
  check.array("yT", tT.get(), directional_fd<double>(outputs_at));
#elif CUAD_OUTPUT == 2
  std::vector<double> w = rng.vec(4 * n);
  auto loss = [&] {
    DeviceArray<double> dy(y0), dt(theta), dT(zeros<double>(4 * n));
    CUAD_LAUNCH(kinetics_rk, 2, 32, dy.ptr, dt.ptr, dT.ptr, nsteps, h, n);
    return dot(w, dT.get());
  };
  DeviceArray<double> dy(y0), dt(theta), dT(zeros<double>(4 * n)), ay(zeros<double>(4 * n)), at_(zeros<double>(9 * n)), aT(w);
  CUAD_GRAD(CUAD_LAUNCH(kinetics_rk_grad_0_1_2, 2, 32, dy.ptr, dt.ptr, dT.ptr, nsteps, h, n, ay.ptr, at_.ptr, aT.ptr));
  check.array("y0", ay.get(), fd(y0, loss));
  check.array("theta", at_.get(), fd(theta, loss));
#else
  const double xs[] = {0.05, 0.3, 0.7, 0.95, 1.2, 2.5, 6.0};
  for (double x : xs) {
    auto outputs_at = [&](double t) { return std::vector<double>{expint_e1(along(x, t, 1.0))}; };
    std::vector<double> fdv = directional_fd<double>(outputs_at);
    double tang = 0.0, val = 0.0;
    CUAD_GRAD(auto r = expint_e1_pushforward(x, 1.0); tang = r.pushforward; val = r.value);
    // d E1 / dx = -exp(-x) / x exactly
    check.array("dE1", std::vector<double>{tang}, std::vector<double>{-std::exp(-x) / x});
    check.array("dE1_fd", std::vector<double>{tang}, fdv, Tol{1e-6, 1e-4});
    CUAD_GRAD(check.scalar("E1", val, expint_e1(x)));
  }
#endif
  return check.finish();
}
