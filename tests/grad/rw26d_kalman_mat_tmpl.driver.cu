#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26d_kalman_mat_tmpl");
  Rng rng(26410);
  const int nt = 4, T = 12;
  std::vector<double> obs(nt * T), dts = rng.vec<double>(nt, 0.2, 0.5), q = {0.01, 0.05, 0.2};
  for (int k = 0; k < nt; ++k) {
    double p = rng.uniform(-1, 1), v = rng.uniform(-1, 1);
    for (int t = 0; t < T; ++t) {
      v += 0.2 * rng.uniform(-1, 1);
      p += dts[k] * v;
      obs[k * T + t] = p + 0.1 * rng.uniform(-1, 1);
    }
  }
  double r = 0.04;
  auto run = [&](const std::vector<double>& o, const std::vector<double>& qq, double rr) {
    DeviceArray<double> d_o(o), d_dt(dts), d_q(qq), d_x(zeros<double>(nt * T));
    CUAD_LAUNCH(kalman_smooth_loss<3>, 1, 32, d_o.ptr, d_dt.ptr, d_q.ptr, rr, nt, T, d_x.ptr);
    return d_x.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec<double>(nt * T);
  auto loss = [&] { return dot(w, run(obs, q, r)); };
  DeviceArray<double> d_o(obs), d_dt(dts), d_q(q), d_x(zeros<double>(nt * T)), g_o(zeros<double>(nt * T)),
      g_q(zeros<double>(3)), g_x(w);
  DeviceScalar<double> g_r;
  CUAD_GRAD(CUAD_LAUNCH(kalman_smooth_loss_grad_0_2_3_6<3>, 1, 32, d_o.ptr, d_dt.ptr, d_q.ptr, r, nt, T, d_x.ptr,
                        g_o.ptr, g_q.ptr, g_r.ptr, g_x.ptr));
  check.array("obs", g_o.get(), fd(obs, loss));
  check.array("qdiag", g_q.get(), fd(q, loss));
  check.scalar("rvar", g_r.value(), fd(r, loss));
  check.array("xout", g_x.get(), zeros<double>(nt * T));
#else
  const std::vector<double> vo = rng.vec<double>(nt * T), vq = rng.vec<double>(3, -0.01, 0.01), vx = rng.vec<double>(nt * T);
  const double vr = 0.01;
  auto outputs_at = [&](double t) { return run(along(obs, t, vo), along(q, t, vq), along(r, t, vr)); };
  DeviceArray<double> d_o(obs), d_dt(dts), d_q(q), d_x(zeros<double>(nt * T)), t_o(vo), t_q(vq), t_x(vx);
  CUAD_GRAD(CUAD_LAUNCH(kalman_smooth_loss_pushforward_0_2_3_6<3>, 1, 32, d_o.ptr, d_dt.ptr, d_q.ptr, r, nt, T, d_x.ptr,
                        t_o.ptr, t_q.ptr, vr, t_x.ptr));
  check.array("xout tangent", t_x.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
