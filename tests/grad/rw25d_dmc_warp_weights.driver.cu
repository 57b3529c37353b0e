#include CUAD_GENERATED
#include "cuad_test.h"
#include <algorithm>
using namespace cuad_test;

int main() {
  Checker check("rw25d_dmc_warp_weights");
  Rng rng(25416);
  const int n_warps = 3, n = 32 * n_warps;
  const double tau = 0.3;
  std::vector<double> x = rng.vec(3 * n, -1.5, 1.5);
  double a = 0.42, et = 1.3;
  // a clear heaviest walker in each warp (its log-weight 0.05 above the next)
  auto el_of = [&](const std::vector<double>& xx, int w) {
    const double r2 = xx[3 * w] * xx[3 * w] + xx[3 * w + 1] * xx[3 * w + 1] + xx[3 * w + 2] * xx[3 * w + 2];
    return 3.0 * a + r2 * (0.5 - 2.0 * a * a);
  };
  for (int g = 0; g < n_warps; ++g) {
    std::vector<double> e(32);
    for (int l = 0; l < 32; ++l) e[l] = el_of(x, 32 * g + l);
    std::sort(e.begin(), e.end());
    check.expect(tau * (e[1] - e[0]) > 1e-3, "a unique heaviest walker");
  }
  auto run = [&](const std::vector<double>& xx, double aa, double ee) {
    DeviceArray<double> dx(xx), dw(zeros<double>(n)), dm(zeros<double>(n_warps)), db(zeros<double>(3 * n_warps));
    CUAD_LAUNCH(dmc_reweight, n_warps, 32, dx.ptr, aa, ee, tau, dw.ptr, dm.ptr, db.ptr);
    std::vector<double> out = dw.get(), m = dm.get(), b = db.get();
    out.insert(out.end(), m.begin(), m.end());
    out.insert(out.end(), b.begin(), b.end());
    return out;
  };
  const int m = n + n_warps + 3 * n_warps;
  DeviceArray<double> dx(x), dw(zeros<double>(n)), dm(zeros<double>(n_warps)), db(zeros<double>(3 * n_warps));
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(m);
  auto loss = [&] { return dot(w, run(x, a, et)); };
  DeviceArray<double> gx(zeros<double>(3 * n)), ga(zeros<double>(1)), ge(zeros<double>(1)),
      gw(std::vector<double>(w.begin(), w.begin() + n)),
      gm(std::vector<double>(w.begin() + n, w.begin() + n + n_warps)),
      gb(std::vector<double>(w.begin() + n + n_warps, w.end()));
  CUAD_GRAD(CUAD_LAUNCH(dmc_reweight_grad_0_1_2_4_5_6, n_warps, 32, dx.ptr, a, et, tau, dw.ptr, dm.ptr, db.ptr, gx.ptr,
                        ga.ptr, ge.ptr, gw.ptr, gm.ptr, gb.ptr));
  check.array("x", gx.get(), fd(x, loss));
  check.scalar("a", ga.get()[0], fd(a, loss));
  check.scalar("e_trial", ge.get()[0], fd(et, loss));
  check.array("weights", gw.get(), zeros<double>(n));
  check.array("e_mix", gm.get(), zeros<double>(n_warps));
  check.array("best", gb.get(), zeros<double>(3 * n_warps));
#else
  const std::vector<double> vx = rng.vec(3 * n);
  const double va = 0.3, ve = -0.4;
  auto outputs_at = [&](double t) { return run(along(x, t, vx), along(a, t, va), along(et, t, ve)); };
  DeviceArray<double> tx(vx), tw(zeros<double>(n)), tm(zeros<double>(n_warps)), tb(zeros<double>(3 * n_warps));
  CUAD_GRAD(CUAD_LAUNCH(dmc_reweight_pushforward_0_1_2_4_5_6, n_warps, 32, dx.ptr, a, et, tau, dw.ptr, dm.ptr, db.ptr,
                        tx.ptr, va, ve, tw.ptr, tm.ptr, tb.ptr));
  std::vector<double> tan = tw.get(), t2 = tm.get(), t3 = tb.get();
  tan.insert(tan.end(), t2.begin(), t2.end());
  tan.insert(tan.end(), t3.begin(), t3.end());
  check.array("tangent", tan, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
