#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// host mirror of the departure-point search, only to check the fractions stay away from 0/1
static double frac_margin(const Grid& g, const std::vector<double>& u, const std::vector<double>& v) {
  auto fr = [](double s) { const double f = s - std::floor(s); return std::fmin(f, 1.0 - f); };
  auto wr = [](int i, int n) { return ((i % n) + n) % n; };
  auto bil = [&](const std::vector<double>& f, double sx, double sy) {
    const double fx = std::floor(sx), fy = std::floor(sy);
    const double a = sx - fx, b = sy - fy;
    const int i0 = wr((int)fx, g.nx), j0 = wr((int)fy, g.ny), i1 = wr(i0 + 1, g.nx), j1 = wr(j0 + 1, g.ny);
    return (1 - a) * (1 - b) * f[j0 * g.nx + i0] + a * (1 - b) * f[j0 * g.nx + i1] + (1 - a) * b * f[j1 * g.nx + i0] +
           a * b * f[j1 * g.nx + i1];
  };
  double m = 1.0;
  for (int j = 0; j < g.ny; ++j)
    for (int i = 0; i < g.nx; ++i) {
      double ax = u[j * g.nx + i] * g.dt / g.dx, ay = v[j * g.nx + i] * g.dt / g.dy;
      for (int it = 0; it < 2; ++it) {
        const double mx = i - 0.5 * ax, my = j - 0.5 * ay;
        m = std::fmin(m, std::fmin(fr(mx), fr(my)));
        ax = bil(u, mx, my) * g.dt / g.dx;
        ay = bil(v, mx, my) * g.dt / g.dy;
      }
      m = std::fmin(m, std::fmin(fr(i - ax), fr(j - ay)));
    }
  return m;
}

int main() {
  Checker check("rw26f_semilag_bicubic");
  Rng rng(26604);
  Grid g{12, 10, 1000.0, 1200.0, 60.0};
  const int n = g.nx * g.ny;
  std::vector<double> q(n), u(n), v(n);
  for (int tries = 0;; ++tries) {
    for (int j = 0; j < g.ny; ++j)
      for (int i = 0; i < g.nx; ++i) {
        const double x = 2 * M_PI * i / g.nx, y = 2 * M_PI * j / g.ny;
        u[j * g.nx + i] = 25.0 + 8.0 * std::sin(y) + rng.uniform(-2, 2);
        v[j * g.nx + i] = -18.0 + 6.0 * std::cos(x) + rng.uniform(-2, 2);
        q[j * g.nx + i] = std::sin(x) * std::cos(y) + rng.uniform(-0.2, 0.2);
      }
    if (frac_margin(g, u, v) > 2e-3) break;
    check.expect(tries < 200, "winds away from grid lines");
    if (tries >= 200) break;
  }
  dim3 block(8, 4), grid((g.nx + 7) / 8, (g.ny + 3) / 4);
  auto run = [&](const std::vector<double>& qq, const std::vector<double>& uu, const std::vector<double>& vv) {
    DeviceArray<double> dq(qq), du(uu), dv(vv), dn(zeros<double>(n));
    CUAD_LAUNCH(sl_advect, grid, block, g, dq.ptr, du.ptr, dv.ptr, dn.ptr);
    return dn.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] { return dot(w, run(q, u, v)); };
  DeviceArray<double> dq(q), du(u), dv(v), dn(zeros<double>(n)), gq(zeros<double>(n)), gu(zeros<double>(n)),
      gv(zeros<double>(n)), gn(w);
  CUAD_GRAD(CUAD_LAUNCH(sl_advect_grad_1_2_3_4, grid, block, g, dq.ptr, du.ptr, dv.ptr, dn.ptr, gq.ptr, gu.ptr,
                        gv.ptr, gn.ptr));
  check.array("q", gq.get(), fd(q, loss));
  check.array("u", gu.get(), fd(u, loss));
  check.array("v", gv.get(), fd(v, loss));
  check.array("qnew", gn.get(), zeros<double>(n));
#else
  const std::vector<double> vq = rng.vec(n), vu = rng.vec(n), vv = rng.vec(n);
  auto outputs_at = [&](double t) { return run(along(q, t, vq), along(u, t, vu), along(v, t, vv)); };
  DeviceArray<double> dq(q), du(u), dv(v), dn(zeros<double>(n)), tq(vq), tu(vu), tv(vv), tn(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(sl_advect_pushforward_1_2_3_4, grid, block, g, dq.ptr, du.ptr, dv.ptr, dn.ptr, tq.ptr,
                        tu.ptr, tv.ptr, tn.ptr));
  check.array("qnew tangent", tn.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
