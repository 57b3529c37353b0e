#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26c_calib_const_dh");
  const int nj = 6, n_conf = 70;  // two blocks of 64
  Rng rng(27501);
  std::vector<double> dh = {0.0, 1.5708, 0.30, 0.0,  0.35, 0.0, 0.0, -1.5708, 0.05, 1.5708, 0.0, 0.0,
                            0.0, -1.5708, 0.38, 0.0, 0.0, 1.5708, 0.0, 0.0, 0.0, 0.0, 0.08, 0.0};
  for (auto& v : dh) v += rng.uniform(-0.02, 0.02);
  std::vector<double> q(n_conf * MAX_J, 0.0), meas = rng.vec(3 * n_conf, -0.4, 0.4);
  for (int c = 0; c < n_conf; ++c)
    for (int j = 0; j < nj; ++j) q[c * MAX_J + j] = rng.uniform(-2.0, 2.0);
  // measured = the nominal arm's end effector plus noise: residuals of the order of the scale
  {
    for (int c = 0; c < n_conf; ++c) {
      double T[4][4] = {{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}};
      for (int j = 0; j < nj; ++j) {
        const double a = dh[4 * j] * 1.03, al = dh[4 * j + 1], d = dh[4 * j + 2], th = q[c * MAX_J + j] + 0.05;
        const double ct = std::cos(th), st = std::sin(th), ca = std::cos(al), sa = std::sin(al);
        const double A[4][4] = {{ct, -st * ca, st * sa, a * ct}, {st, ct * ca, -ct * sa, a * st}, {0, sa, ca, d}, {0, 0, 0, 1}};
        double R[4][4];
        for (int i = 0; i < 4; ++i)
          for (int k = 0; k < 4; ++k) {
            R[i][k] = 0;
            for (int m = 0; m < 4; ++m) R[i][k] += T[i][m] * A[m][k];
          }
        for (int i = 0; i < 4; ++i)
          for (int k = 0; k < 4; ++k) T[i][k] = R[i][k];
      }
      for (int k = 0; k < 3; ++k) meas[3 * c + k] = T[k][3] + rng.uniform(-0.03, 0.03);
    }
  }
#if CUAD_OUTPUT == 1
  auto loss = [&] { return calibration_loss(dh.data(), nj, q.data(), meas.data(), n_conf); };
  std::vector<double> g_dh(dh.size(), 0.0), g_q(q.size(), 0.0), g_m(meas.size(), 0.0);
  CUAD_GRAD(calibration_loss_grad_0_2_3(dh.data(), nj, q.data(), meas.data(), n_conf, g_dh.data(), g_q.data(), g_m.data()));
  check.array("dh_host", g_dh, fd(dh, loss));
  check.array("q", g_q, fd(q, loss));
  check.array("measured", g_m, fd(meas, loss));
#else
  std::vector<double> vd = rng.vec(dh.size(), -0.1, 0.1), vq = rng.vec(q.size()), vm = rng.vec(meas.size(), -0.1, 0.1);
  auto outputs_at = [&](double t) {
    std::vector<double> a = along(dh, t, vd), b = along(q, t, vq), c = along(meas, t, vm);
    return std::vector<double>{calibration_loss(a.data(), nj, b.data(), c.data(), n_conf)};
  };
  std::vector<double> got;
#ifndef CUAD_SELFTEST
  auto r = calibration_loss_pushforward(dh.data(), nj, q.data(), meas.data(), n_conf, vd.data(), vq.data(), vm.data());
  got = std::vector<double>{r.pushforward};
  check.scalar("value", r.value, calibration_loss(dh.data(), nj, q.data(), meas.data(), n_conf));
#endif
  check.array("tangent", got, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
