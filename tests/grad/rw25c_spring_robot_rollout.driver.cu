#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25c_spring_robot_rollout");
  Rng rng(25309);
  // a 3 x 4 lattice robot standing on the ground (y = 0.1), springs along edges and diagonals
  const int R = 3, Cn = 4, n = R * Cn;
  std::vector<double> x0(2 * n);
  for (int r = 0; r < R; ++r)
    for (int c = 0; c < Cn; ++c) {
      x0[2 * (r * Cn + c)] = 0.2 + 0.05 * c + rng.uniform(-0.003, 0.003);
      x0[2 * (r * Cn + c) + 1] = 0.102 + 0.05 * r + rng.uniform(0.0, 0.003);
    }
  std::vector<int> sa, sb;
  for (int r = 0; r < R; ++r)
    for (int c = 0; c < Cn; ++c) {
      const int i = r * Cn + c;
      if (c + 1 < Cn) sa.push_back(i), sb.push_back(i + 1);
      if (r + 1 < R) sa.push_back(i), sb.push_back(i + Cn);
      if (r + 1 < R && c + 1 < Cn) sa.push_back(i), sb.push_back(i + Cn + 1);
      if (r + 1 < R && c > 0) sa.push_back(i), sb.push_back(i + Cn - 1);
    }
  const int ns = (int)sa.size();
  std::vector<double> rest(ns), act_w = rng.vec(ns, -1.0, 1.0);
  for (int s = 0; s < ns; ++s) {
    const double dx = x0[2 * sb[s]] - x0[2 * sa[s]], dy = x0[2 * sb[s] + 1] - x0[2 * sa[s] + 1];
    rest[s] = std::sqrt(dx * dx + dy * dy) * rng.uniform(0.97, 1.03);
  }
  const int steps = 12;
  const double dt = 4e-3;
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(2 * n);
  auto loss = [&] {
    std::vector<double> xf(2 * n, 0.0);
    const double l = robot_rollout(x0.data(), act_w.data(), sa.data(), sb.data(), rest.data(), n, ns, steps, dt,
                                   xf.data());
    return l + dot(w, xf);
  };
  std::vector<double> xf(2 * n, 0.0), gx0(2 * n, 0.0), gact(ns, 0.0), grest(ns, 0.0), gxf = w;
  CUAD_GRAD(robot_rollout_grad_0_1_4_9(x0.data(), act_w.data(), sa.data(), sb.data(), rest.data(), n, ns, steps, dt,
                                       xf.data(), gx0.data(), gact.data(), grest.data(), gxf.data()));
  check.array("x0", gx0, fd(x0, loss));
  check.array("act_w", gact, fd(act_w, loss));
  check.array("rest", grest, fd(rest, loss));
  check.array("x_final", gxf, zeros<double>(2 * n));
#else
  const std::vector<double> tx = rng.vec(2 * n, -0.002, 0.002), ta = rng.vec(ns), tr = rng.vec(ns, -0.005, 0.005);
  auto outputs_at = [&](double t) {
    std::vector<double> xf(2 * n, 0.0);
    const double l = robot_rollout(along(x0, t, tx).data(), along(act_w, t, ta).data(), sa.data(), sb.data(),
                                   along(rest, t, tr).data(), n, ns, steps, dt, xf.data());
    xf.push_back(l);
    return xf;
  };
  std::vector<double> xf(2 * n, 0.0), txf(2 * n, 0.0), tan;
  CUAD_GRAD({
    auto r = robot_rollout_pushforward_0_1_4_9(x0.data(), act_w.data(), sa.data(), sb.data(), rest.data(), n, ns,
                                               steps, dt, xf.data(), tx.data(), ta.data(), tr.data(), txf.data());
    tan = txf;
    tan.push_back(r.pushforward);
  });
  check.array("x_final, loss tangent", tan, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
