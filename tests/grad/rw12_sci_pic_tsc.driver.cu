#include CUAD_GENERATED
#include "cuad_test.h"
#include <cmath>
using namespace cuad_test;

int main() {
  Checker check("rw12_sci_pic_tsc");
  const int NG = 64, np = 150;  // 2 blocks x 32 threads stride over 150 particles
  const double L = 2.0, dx = L / NG, inv_dx = 1.0 / dx;
  Rng rng(1205);
  std::vector<double> xp(np), qp = rng.vec(np, 0.5, 1.5), rho0 = rng.vec(NG);
  for (int p = 0; p < np; ++p) {
    // keep every particle away from a cell midpoint (where the nearest node changes)
    double x;
    do {
      x = rng.uniform(0.0, L);
    } while (std::fabs(x * inv_dx - std::floor(x * inv_dx) - 0.5) < 1e-3 ||
             x * inv_dx > NG - 0.5 - 1e-3);
    xp[p] = x;
  }
#if CUAD_OUTPUT == 1
  std::vector<double> w = rng.vec(NG);
  auto loss = [&] {
    DeviceArray<double> dx_(xp), dq(qp), dr(rho0);
    CUAD_LAUNCH(deposit_tsc<64>, 2, 32, dx_.ptr, dq.ptr, dr.ptr, inv_dx, np);
    return dot(w, dr.get());
  };
  DeviceArray<double> dx_(xp), dq(qp), dr(rho0), ax(zeros<double>(np)), aq(zeros<double>(np)),
      ar(w);
  CUAD_GRAD(CUAD_LAUNCH((deposit_tsc_grad_0_1_2<64>), 2, 32, dx_.ptr, dq.ptr, dr.ptr, inv_dx, np,
                        ax.ptr, aq.ptr, ar.ptr));
  check.array("xp", ax.get(), fd(xp, loss));
  check.array("qp", aq.get(), fd(qp, loss));
  check.array("rho", ar.get(), fd(rho0, loss));
#else
  std::vector<double> vx = rng.vec(np, -0.01, 0.01), vq = rng.vec(np), vr = rng.vec(NG);
  auto outputs_at = [&](double t) {
    DeviceArray<double> dx_(along(xp, t, vx)), dq(along(qp, t, vq)), dr(along(rho0, t, vr));
    CUAD_LAUNCH(deposit_tsc<64>, 2, 32, dx_.ptr, dq.ptr, dr.ptr, inv_dx, np);
    return as_doubles(dr.get());
  };
  DeviceArray<double> dx_(xp), dq(qp), dr(rho0), tx(vx), tq(vq), tr(vr);
  CUAD_GRAD(CUAD_LAUNCH((deposit_tsc_pushforward_0_1_2<64>), 2, 32, dx_.ptr, dq.ptr, dr.ptr, inv_dx,
                        np, tx.ptr, tq.ptr, tr.ptr));
  check.array("rho", tr.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
