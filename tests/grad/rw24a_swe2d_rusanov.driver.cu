#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24a_swe2d_rusanov");
  Rng rng(24101);
  const int nx = 6, ny = 5, nsteps = 3, n = nx * ny;
  const double dx = 0.1, dt = 0.008;
  double g = 9.81;
  std::vector<double> h0(n), hu0(n), hv0(n);
  for (int j = 0; j < ny; ++j)
    for (int i = 0; i < nx; ++i) {
      const int c = j * nx + i;
      h0[c] = 1.0 + 0.3 * std::exp(-((i - 2.3) * (i - 2.3) + (j - 2.1) * (j - 2.1)) / 3.0) +
              rng.uniform(-0.02, 0.02);
      hu0[c] = rng.uniform(0.15, 0.4);   // u away from 0 (|u| kink)
      hv0[c] = rng.uniform(-0.4, -0.15);
    }
#if CUAD_OUTPUT == 1
  const std::vector<double> wh = rng.vec(n), wu = rng.vec(n);
  auto loss = [&] {
    std::vector<double> ho(n), huo(n);
    swe2d_run(h0.data(), hu0.data(), hv0.data(), g, dt, dx, nx, ny, nsteps, ho.data(), huo.data());
    return dot(wh, ho) + dot(wu, huo);
  };
  std::vector<double> ho(n), huo(n), gh(n, 0.0), ghu(n, 0.0), ghv(n, 0.0), gho = wh, ghuo = wu;
  double gg = 0.0;
  CUAD_GRAD(swe2d_run_grad_0_1_2_3_9_10(h0.data(), hu0.data(), hv0.data(), g, dt, dx, nx, ny, nsteps,
                                        ho.data(), huo.data(), gh.data(), ghu.data(), ghv.data(), &gg,
                                        gho.data(), ghuo.data()));
  check.array("h0", gh, fd(h0, loss));
  check.array("hu0", ghu, fd(hu0, loss));
  check.array("hv0", ghv, fd(hv0, loss));
  check.scalar("g", gg, fd(g, loss));
  check.array("h_out", gho, zeros<double>(n));
  check.array("hu_out", ghuo, zeros<double>(n));
#else
  const std::vector<double> vh = rng.vec(n, -0.1, 0.1), vu = rng.vec(n, -0.1, 0.1), vv = rng.vec(n, -0.1, 0.1);
  const double vg = 0.5;
  auto outputs_at = [&](double t) {
    std::vector<double> a = along(h0, t, vh), b = along(hu0, t, vu), c = along(hv0, t, vv), ho(n), huo(n);
    swe2d_run(a.data(), b.data(), c.data(), along(g, t, vg), dt, dx, nx, ny, nsteps, ho.data(), huo.data());
    ho.insert(ho.end(), huo.begin(), huo.end());
    return ho;
  };
  std::vector<double> ho(n), huo(n), tho(n, 0.0), thuo(n, 0.0);
  CUAD_GRAD(swe2d_run_pushforward_0_1_2_3_9_10(h0.data(), hu0.data(), hv0.data(), g, dt, dx, nx, ny, nsteps,
                                               ho.data(), huo.data(), vh.data(), vu.data(), vv.data(), vg,
                                               tho.data(), thuo.data()));
  tho.insert(tho.end(), thuo.begin(), thuo.end());
  check.array("out tangent", tho, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
