#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw15c_welford_sbind");
  const int rows = 20, cols = 12;
  const double eps = 1e-5;
  Rng rng(15005);
  std::vector<double> x = rng.vec(rows * cols, -2.0, 2.0), w = rng.vec(rows * cols),
                      wr = rng.vec(rows);
  std::vector<double> p(2 * cols);
  for (int c = 0; c < cols; ++c) { p[2 * c] = rng.uniform(0.5, 1.5); p[2 * c + 1] = rng.uniform(-0.3, 0.3); }
  auto toGB = [&](const std::vector<double>& f) {
    std::vector<GammaBeta> s(cols);
    for (int c = 0; c < cols; ++c) s[c] = GammaBeta{f[2 * c], f[2 * c + 1]};
    return s;
  };
  auto run = [&](const std::vector<double>& xs, const std::vector<double>& ps) {
    DeviceArray<double> dx(xs), dy(rows * cols, 0.0), dr(rows, 0.0);
    DeviceArray<GammaBeta> dp(toGB(ps));
    CUAD_LAUNCH(ln_elu_rows, 2, 16, dx.ptr, dp.ptr, dy.ptr, dr.ptr, rows, cols, eps);
    std::vector<double> out = dy.get(), r = dr.get();
    out.insert(out.end(), r.begin(), r.end());
    return out;
  };
  // Keep z = g * xhat + b away from 0 (the ELU branch) by far more than the steps.
  {
    std::vector<double> o = run(x, p);
    for (int i = 0; i < rows * cols; ++i)
      if (std::fabs(o[i]) < 1e-3) { printf("z too close to 0 at %d\n", i); return 1; }
  }
#if CUAD_OUTPUT == 1
  std::vector<double> wall = w;
  wall.insert(wall.end(), wr.begin(), wr.end());
  auto loss = [&] { return dot(wall, run(x, p)); };
  DeviceArray<double> dx(x), dy(rows * cols, 0.0), dr(rows, 0.0), ax(zeros<double>(rows * cols)),
      ay(w), ar(wr);
  DeviceArray<GammaBeta> dp(toGB(p)), ap(toGB(zeros<double>(2 * cols)));
  CUAD_GRAD(CUAD_LAUNCH(ln_elu_rows_grad_0_1_2_3, 2, 16, dx.ptr, dp.ptr, dy.ptr, dr.ptr, rows, cols,
                        eps, ax.ptr, ap.ptr, ay.ptr, ar.ptr));
  std::vector<double> apf(2 * cols);
  {
    std::vector<GammaBeta> g = ap.get();
    for (int c = 0; c < cols; ++c) { apf[2 * c] = g[c].gamma; apf[2 * c + 1] = g[c].beta; }
  }
  check.array("x", ax.get(), fd(x, loss));
  check.array("params", apf, fd(p, loss));
  check.array("y", ay.get(), zeros<double>(rows * cols));
  check.array("rstd_out", ar.get(), zeros<double>(rows));
#else
  std::vector<double> vx = rng.vec(rows * cols), vp = rng.vec(2 * cols);
  auto outputs_at = [&](double t) { return run(along(x, t, vx), along(p, t, vp)); };
  DeviceArray<double> dx(x), dy(rows * cols, 0.0), dr(rows, 0.0), tx(vx), ty(rows * cols, 0.0),
      tr(rows, 0.0);
  DeviceArray<GammaBeta> dp(toGB(p)), tp(toGB(vp));
  CUAD_GRAD(CUAD_LAUNCH(ln_elu_rows_pushforward_0_1_2_3, 2, 16, dx.ptr, dp.ptr, dy.ptr, dr.ptr, rows,
                        cols, eps, tx.ptr, tp.ptr, ty.ptr, tr.ptr));
  std::vector<double> got = ty.get(), r = tr.get();
  got.insert(got.end(), r.begin(), r.end());
  check.array("y, rstd", got, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
