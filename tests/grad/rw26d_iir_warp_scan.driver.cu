#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26d_iir_warp_scan");
  Rng rng(26413);
  const int n_ch = 3, n = 110;  // the last lanes run past the end
  std::vector<float> x = rng.vec<float>(n_ch * n, -1, 1), pole = {0.6f, 0.85f, 0.3f};
  auto run = [&](const std::vector<float>& xx, const std::vector<float>& pp) {
    DeviceArray<float> d_x(xx), d_p(pp), d_y(zeros<float>(n_ch * n));
    CUAD_LAUNCH(onepole_scan, n_ch, 32, d_x.ptr, d_p.ptr, d_y.ptr, n);
    return d_y.get();
  };
  // the primal against a sequential recurrence
  {
    const std::vector<float> y = run(x, pole);
    double worst = 0.0;
    for (int c = 0; c < n_ch; ++c) {
      double s = 0.0;
      for (int t = 0; t < n; ++t) {
        s = pole[c] * s + (1.0 - pole[c]) * x[c * n + t];
        worst = std::fmax(worst, std::fabs(s - y[c * n + t]));
      }
    }
    check.expect(worst < 1e-4, "scan matches the recurrence");
  }
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(n_ch * n);
  auto loss = [&] { return dot(w, run(x, pole)); };
  DeviceArray<float> d_x(x), d_p(pole), d_y(zeros<float>(n_ch * n)), g_x(zeros<float>(x.size())),
      g_p(zeros<float>(n_ch)), g_y(w);
  CUAD_GRAD(CUAD_LAUNCH(onepole_scan_grad_0_1_2, n_ch, 32, d_x.ptr, d_p.ptr, d_y.ptr, n, g_x.ptr, g_p.ptr, g_y.ptr));
  check.array("x", g_x.get(), fd(x, loss));
  check.array("pole", g_p.get(), fd(pole, loss));
  check.array("y", g_y.get(), zeros<double>(n_ch * n));
#else
  const std::vector<float> vx = rng.vec<float>(x.size()), vp = rng.vec<float>(n_ch, -0.5, 0.5),
                           vy = rng.vec<float>(n_ch * n);
  auto outputs_at = [&](double t) { return as_doubles(run(along(x, t, vx), along(pole, t, vp))); };
  DeviceArray<float> d_x(x), d_p(pole), d_y(zeros<float>(n_ch * n)), t_x(vx), t_p(vp), t_y(vy);
  CUAD_GRAD(CUAD_LAUNCH(onepole_scan_pushforward, n_ch, 32, d_x.ptr, d_p.ptr, d_y.ptr, n, t_x.ptr, t_p.ptr, t_y.ptr));
  check.array("y tangent", as_doubles(t_y.get()), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
