#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26c_host_contact_scatter");
  const int side = 6, n = side * side, steps = 8;
  const double dt = 0.05;
  Rng rng(27801);
  std::vector<double> pos(2 * n), vel = rng.vec(2 * n, -0.3, 0.3), im = rng.vec(n, 0.5, 2.0);
  std::vector<Robot2D> robots(n);
  for (int i = 0; i < n; ++i) {
    pos[2 * i] = 0.3 * (i % side) + rng.uniform(-0.05, 0.05);
    pos[2 * i + 1] = 0.3 * (i / side) + rng.uniform(-0.05, 0.05);
    robots[i] = Robot2D{rng.uniform(0.0, 1.5), rng.uniform(0.0, 1.5), rng.uniform(0.15, 0.2)};
  }
  std::vector<int2> pairs;
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) {
      const int dx = std::abs(i % side - j % side), dy = std::abs(i / side - j / side);
      if (dx <= 1 && dy <= 1) pairs.push_back(make_int2(i, j));
    }
  const int n_pairs = (int)pairs.size();
  std::vector<double> stiff = {3.0};
  std::vector<double> w = rng.vec(2 * n);
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    std::vector<double> fp(2 * n);
    const double ke = simulate_swarm(n, pos.data(), vel.data(), im.data(), robots.data(), pairs.data(), n_pairs,
                                     stiff[0], steps, dt, fp.data());
    return ke + dot(w, fp);
  };
  std::vector<double> fp(2 * n), g_p(2 * n, 0.0), g_v(2 * n, 0.0), g_im(n, 0.0), g_fp = w;
  double g_k = 0.0;
  CUAD_GRAD(simulate_swarm_grad_1_2_3_7_10(n, pos.data(), vel.data(), im.data(), robots.data(), pairs.data(), n_pairs,
                                           stiff[0], steps, dt, fp.data(), g_p.data(), g_v.data(), g_im.data(), &g_k,
                                           g_fp.data()));
  check.array("pos", g_p, fd(pos, loss));
  check.array("vel", g_v, fd(vel, loss));
  check.array("inv_mass", g_im, fd(im, loss));
  check.scalar("stiffness", g_k, fd(stiff[0], loss));
  check.array("final_pos", g_fp, zeros<double>(2 * n));
#else
  std::vector<double> vp = rng.vec(2 * n, -0.1, 0.1), vv = rng.vec(2 * n), vim = rng.vec(n, -0.2, 0.2);
  const double vk = 0.7;
  auto outputs_at = [&](double t) {
    std::vector<double> fp(2 * n), p = along(pos, t, vp), v = along(vel, t, vv), m = along(im, t, vim);
    const double ke = simulate_swarm(n, p.data(), v.data(), m.data(), robots.data(), pairs.data(), n_pairs,
                                     stiff[0] + t * vk, steps, dt, fp.data());
    fp.push_back(ke);
    return fp;
  };
  std::vector<double> got;
#ifndef CUAD_SELFTEST
  std::vector<double> fp(2 * n), t_fp(2 * n, 0.0);
  auto r = simulate_swarm_pushforward_1_2_3_7_10(n, pos.data(), vel.data(), im.data(), robots.data(), pairs.data(),
                                                 n_pairs, stiff[0], steps, dt, fp.data(), vp.data(), vv.data(),
                                                 vim.data(), vk, t_fp.data());
  got = t_fp;
  got.push_back(r.pushforward);
#endif
  check.array("tangents", got, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
