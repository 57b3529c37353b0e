#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw10_fin_kalman");
  const int n_t = 10, ns = 12;
  Rng rng(99);
  std::vector<double> obs(ns * n_t), x0 = rng.vec(2 * ns, -0.5, 0.5);
  for (int s = 0; s < ns; ++s) {
    double pos = 0.0, vel = rng.uniform(-1, 1);
    for (int t = 0; t < n_t; ++t) {
      pos += 0.1 * vel;
      obs[s * n_t + t] = pos + rng.uniform(-0.2, 0.2);
    }
  }
  std::vector<double> nll = rng.vec(ns), xf = rng.vec(2 * ns), wn = rng.vec(ns),
                      wx = rng.vec(2 * ns);
  double q = 0.3, r = 0.05, dt = 0.1;
  auto loss = [&] {
    DeviceArray<double> d_n(nll), d_xf(xf), d_obs(obs), d_x0(x0);
    CUAD_LAUNCH(kalman_nll, 2, 8, d_n.ptr, d_xf.ptr, d_obs.ptr, d_x0.ptr, q, r, dt, n_t, ns);
    return dot(wn, d_n.get()) + dot(wx, d_xf.get());
  };
  DeviceArray<double> d_n(nll), d_xf(xf), d_obs(obs), d_x0(x0);
  DeviceArray<double> a_n(wn), a_xf(wx), a_obs(zeros<double>(ns * n_t)), a_x0(zeros<double>(2 * ns));
  DeviceScalar<double> a_q, a_r;
  CUAD_GRAD(CUAD_LAUNCH(kalman_nll_grad_0_1_2_3_4_5, 2, 8, d_n.ptr, d_xf.ptr, d_obs.ptr, d_x0.ptr,
                        q, r, dt, n_t, ns, a_n.ptr, a_xf.ptr, a_obs.ptr, a_x0.ptr, a_q.ptr,
                        a_r.ptr));
  check.array("nll", a_n.get(), fd(nll, loss));
  check.array("xf", a_xf.get(), fd(xf, loss));
  check.array("obs", a_obs.get(), fd(obs, loss));
  check.array("x0", a_x0.get(), fd(x0, loss));
  check.scalar("q", a_q.value(), fd(q, loss));
  check.scalar("r", a_r.value(), fd(r, loss));
  return check.finish();
}
