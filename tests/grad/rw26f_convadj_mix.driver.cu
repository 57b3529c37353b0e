#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// Mirror of the adjustment in double on the host, only to choose inputs whose comparisons
// are far from the critical value (returns the smallest |dth - crit| met, and the passes).
static double margin(const double* th0, const double* dp, double crit, int maxpass, int* passes) {
  double th[NZ], m[NZ];
  for (int k = 0; k < NZ; ++k) th[k] = th0[k], m[k] = dp[k];
  double mg = 1e30;
  int pass = 0;
  bool uns = true;
  while (uns && pass < maxpass) {
    uns = false;
    for (int k = 0; k < NZ - 1; ++k) {
      const double d = th[k] - th[k + 1];
      mg = std::fmin(mg, std::fabs(d - crit));
      if (d > crit) {
        const double t = (m[k] * th[k] + m[k + 1] * th[k + 1]) / (m[k] + m[k + 1]);
        th[k] = th[k + 1] = t;
        uns = true;
      }
    }
    ++pass;
  }
  *passes = pass;
  return mg;
}

int main() {
  Checker check("rw26f_convadj_mix");
  Rng rng(26602);
  const int ncol = 40;
  const double crit = 0.05;
  const int maxpass = 3;
  std::vector<double> dp(NZ * ncol), th(NZ * ncol), q(NZ * ncol);
  int capped = 0, mixed = 0;
  for (int c = 0; c < ncol; ++c) {
    for (int tries = 0;; ++tries) {
      double tc[NZ], dc[NZ];
      for (int k = 0; k < NZ; ++k) {
        dc[k] = rng.uniform(40.0, 90.0);
        // a stable profile with a few superadiabatic layers near the surface
        tc[k] = 0.3 * k + (k < 5 ? rng.uniform(-1.5, 0.4) : rng.uniform(-0.2, 0.2));
      }
      int passes;
      const double mg = margin(tc, dc, crit, maxpass, &passes);
      if (mg > 1e-3 || tries > 5000) {
        check.expect(mg > 1e-3, "column away from the critical lapse");
        capped += passes == maxpass;
        mixed += passes > 1;
        for (int k = 0; k < NZ; ++k) {
          th[k * ncol + c] = tc[k];
          dp[k * ncol + c] = dc[k];
          q[k * ncol + c] = rng.uniform(0.002, 0.015);
        }
        break;
      }
    }
  }
  std::printf("columns mixed: %d, hitting maxpass: %d\n", mixed, capped);
  check.expect(mixed >= 5 && capped >= 3, "some columns adjusted, some capped");
  const std::vector<double> wt = rng.vec(NZ * ncol), wq = rng.vec(NZ * ncol), ww = rng.vec(ncol);
  auto loss = [&] {
    DeviceArray<double> d_dp(dp), d_t(th), d_q(q), d_w(zeros<double>(ncol));
    DeviceArray<int> d_n(std::vector<int>(ncol, 0));
    CUAD_LAUNCH(dry_adjust, 2, 32, ncol, d_dp.ptr, d_t.ptr, d_q.ptr, d_w.ptr, d_n.ptr, crit, maxpass);
    return dot(wt, d_t.get()) + dot(wq, d_q.get()) + dot(ww, d_w.get());
  };
  DeviceArray<double> d_dp(dp), d_t(th), d_q(q), d_w(zeros<double>(ncol)), g_dp(zeros<double>(NZ * ncol)),
      g_t(wt), g_q(wq), g_w(ww);
  DeviceArray<int> d_n(std::vector<int>(ncol, 0));
  CUAD_GRAD(CUAD_LAUNCH(dry_adjust_grad_1_2_3_4, 2, 32, ncol, d_dp.ptr, d_t.ptr, d_q.ptr, d_w.ptr, d_n.ptr,
                        crit, maxpass, g_dp.ptr, g_t.ptr, g_q.ptr, g_w.ptr));
  check.array("dp", g_dp.get(), fd(dp, loss));
  check.array("theta", g_t.get(), fd(th, loss));
  check.array("qv", g_q.get(), fd(q, loss));
  check.array("work_out", g_w.get(), zeros<double>(ncol));
  return check.finish();
}
