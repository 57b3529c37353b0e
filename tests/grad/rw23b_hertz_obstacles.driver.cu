#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// The same particle integration on the host, reporting how close the run came to a kink:
// an overlap near zero or a wall crossing near the wall.
static double margin(double px, double py, double vx, double vy, const std::vector<Obstacle>& obs, double k,
                     double gamma, double radius, double box, double dt, int substeps, int* contacts) {
  double m = 1e9;
  for (int s = 0; s < substeps; ++s) {
    double fx = 0.0, fy = -GRAVITY;
    for (const Obstacle& o : obs) {
      const double dx = px - o.x, dy = py - o.y, d = std::sqrt(dx * dx + dy * dy);
      const double ov = radius + o.r - d;
      m = std::fmin(m, std::fabs(ov));
      if (ov <= 0.0) continue;
      ++*contacts;
      const double nx = dx / d, ny = dy / d, vn = vx * nx + vy * ny;
      const double fn = k * std::pow(ov, 1.5) - gamma * vn * ov;
      fx += fn * nx;
      fy += fn * ny;
    }
    vx += dt * fx;
    vy += dt * fy;
    px += dt * vx;
    py += dt * vy;
    m = std::fmin(m, std::fmin(std::fabs(px - radius), std::fabs(px - (box - radius))));
    m = std::fmin(m, std::fabs(py - radius));
    if (px < radius) { px = 2 * radius - px; vx = -RESTITUTION * vx; }
    else if (px > box - radius) { px = 2 * (box - radius) - px; vx = -RESTITUTION * vx; }
    if (py < radius) { py = 2 * radius - py; vy = -RESTITUTION * vy; }
  }
  return m;
}

int main() {
  Checker check("rw23b_hertz_obstacles");
  // Gradients whose tapes spill to device malloc: compute-sanitizer's instrumented malloc needs
  // more stack than the gradient's tape frame leaves (README: per-thread tapes).
  check_cuda(cudaDeviceSetLimit(cudaLimitStackSize, 8 * 1024), "cudaDeviceSetLimit");
  Rng rng(23207);
  const int n = 40, nobs = 6, substeps = 60;
  const double radius = 0.05, box = 1.0, dt = 0.004;
  double k = 400.0, gamma = 3.0;
  std::vector<Obstacle> obs(nobs);
  for (int o = 0; o < nobs; ++o) {
    obs[o].x = 0.15 + 0.14 * o;
    obs[o].y = 0.35 + 0.1 * (o % 2);
    obs[o].r = rng.uniform(0.05, 0.08);
  }
  std::vector<double> x0(2 * n), v0(2 * n);
  int contacts = 0, floor_hits = 0;
  for (int i = 0; i < n; ++i) {
    for (int tries = 0;; ++tries) {
      x0[2 * i] = rng.uniform(0.1, 0.9);
      x0[2 * i + 1] = rng.uniform(0.5, 0.65);
      v0[2 * i] = rng.uniform(-0.6, 0.6);
      v0[2 * i + 1] = rng.uniform(-1.0, 0.2);
      int c = 0;
      if (margin(x0[2 * i], x0[2 * i + 1], v0[2 * i], v0[2 * i + 1], obs, k, gamma, radius, box, dt, substeps,
                 &c) > 2e-3 || tries > 2000) {
        contacts += c;
        break;
      }
    }
  }
  std::printf("contact substeps: %d\n", contacts);
  check.expect(contacts > 50, "particles hit the obstacles");
  (void)floor_hits;
  std::vector<double> ob(3 * nobs);
  for (int o = 0; o < nobs; ++o) {
    ob[3 * o] = obs[o].x;
    ob[3 * o + 1] = obs[o].y;
    ob[3 * o + 2] = obs[o].r;
  }
  double J0 = 0.2;
  auto D2 = [](DeviceArray<double>& a) { return reinterpret_cast<double2*>(a.ptr); };
  auto OB = [](DeviceArray<double>& a) { return reinterpret_cast<Obstacle*>(a.ptr); };
  auto run = [&](const std::vector<double>& x, const std::vector<double>& v, const std::vector<double>& o,
                 double k_, double g_, std::vector<double>& xo, std::vector<double>& vo) {
    DeviceArray<double> d_x(x), d_v(v), d_o(o), d_xo(zeros<double>(2 * n)), d_vo(zeros<double>(2 * n)),
        d_J(std::vector<double>{J0});
    CUAD_LAUNCH(bounce, 2, 32, D2(d_x), D2(d_v), n, OB(d_o), nobs, k_, g_, radius, box, dt, substeps, D2(d_xo),
                D2(d_vo), d_J.ptr);
    xo = d_xo.get();
    vo = d_vo.get();
    return d_J.get()[0];
  };
#if CUAD_OUTPUT == 1
  const std::vector<double> wx = rng.vec(2 * n), wv = rng.vec(2 * n);
  const double wJ = 0.9;
  auto loss = [&] {
    std::vector<double> xo, vo;
    const double J = run(x0, v0, ob, k, gamma, xo, vo);
    return dot(wx, xo) + dot(wv, vo) + wJ * J;
  };
  DeviceArray<double> d_x(x0), d_v(v0), d_o(ob), d_xo(zeros<double>(2 * n)), d_vo(zeros<double>(2 * n)),
      d_J(std::vector<double>{J0}), g_x(zeros<double>(2 * n)), g_v(zeros<double>(2 * n)),
      g_o(zeros<double>(3 * nobs)), g_xo(wx), g_vo(wv), g_J(std::vector<double>{wJ});
  DeviceScalar<double> g_k, g_g;
  CUAD_GRAD(CUAD_LAUNCH(bounce_grad_0_1_3_5_6_11_12_13, 2, 32, D2(d_x), D2(d_v), n, OB(d_o), nobs, k, gamma,
                        radius, box, dt, substeps, D2(d_xo), D2(d_vo), d_J.ptr, D2(g_x), D2(g_v), OB(g_o),
                        g_k.ptr, g_g.ptr, D2(g_xo), D2(g_vo), g_J.ptr));
  check.array("x0", g_x.get(), fd(x0, loss));
  check.array("v0", g_v.get(), fd(v0, loss));
  check.array("obs", g_o.get(), fd(ob, loss));
  check.scalar("k", g_k.value(), fd(k, loss));
  check.scalar("gamma", g_g.value(), fd(gamma, loss));
  check.array("x_out", g_xo.get(), zeros<double>(2 * n));
  check.array("v_out", g_vo.get(), zeros<double>(2 * n));
  check.scalar("impulse", g_J.get()[0], fd(J0, loss));
#else
  const std::vector<double> vx = rng.vec(2 * n, -0.1, 0.1), vv = rng.vec(2 * n), vo_ = rng.vec(3 * nobs, -0.05, 0.05);
  const double vk = 20.0;
  auto outputs_at = [&](double t) {
    std::vector<double> xo, vo;
    const double J = run(along(x0, t, vx), along(v0, t, vv), along(ob, t, vo_), along(k, t, vk), gamma, xo, vo);
    xo.insert(xo.end(), vo.begin(), vo.end());
    xo.push_back(J);
    return xo;
  };
  DeviceArray<double> d_x(x0), d_v(v0), d_o(ob), d_xo(zeros<double>(2 * n)), d_vo(zeros<double>(2 * n)),
      d_J(std::vector<double>{J0}), t_x(vx), t_v(vv), t_o(vo_), t_xo(zeros<double>(2 * n)), t_vo(zeros<double>(2 * n)),
      t_J(zeros<double>(1));
  CUAD_GRAD(CUAD_LAUNCH(bounce_pushforward_0_1_3_5_11_12_13, 2, 32, D2(d_x), D2(d_v), n, OB(d_o), nobs, k, gamma,
                        radius, box, dt, substeps, D2(d_xo), D2(d_vo), d_J.ptr, D2(t_x), D2(t_v), OB(t_o), vk,
                        D2(t_xo), D2(t_vo), t_J.ptr));
  std::vector<double> tan = t_xo.get(), tv = t_vo.get();
  tan.insert(tan.end(), tv.begin(), tv.end());
  tan.push_back(t_J.get()[0]);
  check.array("tangent", tan, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
