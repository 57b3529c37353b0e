#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw22b_quat_rotate");
  const int n_bodies = 7, n_points = n_bodies * kPointsPerBody;  // 42 points, 2 blocks of 32
  Rng rng(22002);
  std::vector<float> q = rng.vec<float>(4 * n_bodies), p = rng.vec<float>(3 * n_points, -2.0, 2.0),
                     out = rng.vec<float>(3 * n_points), w = rng.vec<float>(3 * n_points);
  for (int b = 0; b < n_bodies; ++b) q[4 * b] += 1.5f;  // |q| well away from 0
  auto run = [&](const std::vector<float>& qv, const std::vector<float>& pv) {
    DeviceArray<float> dq(qv), dp(pv), dout(out);
    CUAD_LAUNCH(rotate_points, 2, 32, dq.ptr, dp.ptr, dout.ptr, n_points);
    return dout.get();
  };
  DeviceArray<float> dq(q), dp(p), dout(out);
#if CUAD_OUTPUT == 1
  auto loss = [&] { return dot(w, run(q, p)); };
  DeviceArray<float> a_q(zeros<float>(4 * n_bodies)), a_p(zeros<float>(3 * n_points)), a_out(w);
  CUAD_GRAD(CUAD_LAUNCH(rotate_points_grad_0_1_2, 2, 32, dq.ptr, dp.ptr, dout.ptr, n_points,
                        a_q.ptr, a_p.ptr, a_out.ptr));
  check.array("q", a_q.get(), fd(q, loss));
  check.array("p", a_p.get(), fd(p, loss));
  check.array("out (only written)", a_out.get(), std::vector<double>(3 * n_points, 0.0));
#else
  std::vector<float> vq = rng.vec<float>(4 * n_bodies), vp = rng.vec<float>(3 * n_points);
  auto outputs_at = [&](double t) { return as_doubles(run(along(q, t, vq), along(p, t, vp))); };
  DeviceArray<float> t_q(vq), t_p(vp), t_out(zeros<float>(3 * n_points));
  CUAD_GRAD(CUAD_LAUNCH(rotate_points_pushforward, 2, 32, dq.ptr, dp.ptr, dout.ptr, n_points,
                        t_q.ptr, t_p.ptr, t_out.ptr));
  check.array("out", as_doubles(t_out.get()), directional_fd<float>(outputs_at),
              default_tol<float>());
#endif
  return check.finish();
}
