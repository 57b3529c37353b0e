#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26c_attitude_inplace");
  const int n_body = 37, n_steps = 20;
  const double dt = 0.05;
  Rng rng(27101);
  std::vector<double> inertia = rng.vec(3 * n_body, 0.5, 2.0), gains = {2.0, 0.8}, goal = rng.vec(4 * n_body),
                      quat = rng.vec(4 * n_body), omega = rng.vec(3 * n_body, -1.0, 1.0), cost = rng.vec(n_body, 0.0, 0.1);
  for (int e = 0; e < n_body; ++e) {
    double n = 0;
    for (int k = 0; k < 4; ++k) n += goal[4 * e + k] * goal[4 * e + k];
    for (int k = 0; k < 4; ++k) goal[4 * e + k] /= std::sqrt(n);
    if (e % 4 == 0) {  // some bodies start almost at rest, at the goal: small-angle branch
      for (int k = 0; k < 4; ++k) quat[4 * e + k] = goal[4 * e + k] * 1.3;
      for (int k = 0; k < 3; ++k) omega[3 * e + k] = 1e-3 * (k + 1) * 0.1;
    } else {
      quat[4 * e] += 1.5;
    }
  }
  DeviceArray<double> d_goal(goal);
  auto run = [&](const std::vector<double>& iv, const std::vector<double>& gv, const std::vector<double>& qv,
                 const std::vector<double>& ov, const std::vector<double>& cv) {
    DeviceArray<double> d_i(iv), d_g(gv), d_q(qv), d_o(ov), d_c(cv);
    CUAD_LAUNCH(attitude_control_rollout, 2, 32, n_body, n_steps, dt, d_i.ptr, d_g.ptr, d_goal.ptr, d_q.ptr, d_o.ptr,
                d_c.ptr);
    std::vector<double> out = d_q.get(), o = d_o.get(), c = d_c.get();
    out.insert(out.end(), o.begin(), o.end());
    out.insert(out.end(), c.begin(), c.end());
    return out;
  };
  const size_t nq = 4 * n_body, no = 3 * n_body;
#if CUAD_OUTPUT == 1
  std::vector<double> w = rng.vec(nq + no + n_body);
  auto loss = [&] { return dot(w, run(inertia, gains, quat, omega, cost)); };
  DeviceArray<double> d_i(inertia), d_g(gains), d_q(quat), d_o(omega), d_c(cost);
  DeviceArray<double> g_i(zeros<double>(inertia.size())), g_g(zeros<double>(2)),
      g_q(std::vector<double>(w.begin(), w.begin() + nq)), g_o(std::vector<double>(w.begin() + nq, w.begin() + nq + no)),
      g_c(std::vector<double>(w.begin() + nq + no, w.end()));
  CUAD_GRAD(CUAD_LAUNCH(attitude_control_rollout_grad_3_4_6_7_8, 2, 32, n_body, n_steps, dt, d_i.ptr, d_g.ptr,
                        d_goal.ptr, d_q.ptr, d_o.ptr, d_c.ptr, g_i.ptr, g_g.ptr, g_q.ptr, g_o.ptr, g_c.ptr));
  check.array("inertia", g_i.get(), fd(inertia, loss));
  check.array("gains", g_g.get(), fd(gains, loss));
  check.array("quat", g_q.get(), fd(quat, loss));
  check.array("omega", g_o.get(), fd(omega, loss));
  check.array("cost", g_c.get(), fd(cost, loss));
#else
  std::vector<double> vi = rng.vec(inertia.size(), -0.1, 0.1), vg = rng.vec(2), vq = rng.vec(quat.size()),
                      vo = rng.vec(omega.size()), vc = rng.vec(n_body);
  auto outputs_at = [&](double t) {
    return run(along(inertia, t, vi), along(gains, t, vg), along(quat, t, vq), along(omega, t, vo), along(cost, t, vc));
  };
  DeviceArray<double> d_i(inertia), d_g(gains), d_q(quat), d_o(omega), d_c(cost), t_i(vi), t_g(vg), t_q(vq), t_o(vo),
      t_c(vc);
  CUAD_GRAD(CUAD_LAUNCH(attitude_control_rollout_pushforward_3_4_6_7_8, 2, 32, n_body, n_steps, dt, d_i.ptr, d_g.ptr,
                        d_goal.ptr, d_q.ptr, d_o.ptr, d_c.ptr, t_i.ptr, t_g.ptr, t_q.ptr, t_o.ptr, t_c.ptr));
  std::vector<double> got = t_q.get(), o = t_o.get(), c = t_c.get();
  got.insert(got.end(), o.begin(), o.end());
  got.insert(got.end(), c.begin(), c.end());
  check.array("tangents", got, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
