#include CUAD_GENERATED
#include "cuad_test.h"
#include <algorithm>
using namespace cuad_test;

static const double kB[NCAT + 1] = {0.0, 0.6, 1.4, 2.4, 3.6, 1e30};

// host mirror of the scheme, only to keep every comparison (sort, bounds, open water) away
// from its tie; returns the smallest distance met
static double margin(const double* av, double g, double dt) {
  double a[NCAT], v[NCAT], h[NCAT], m = 1e30;
  for (int k = 0; k < NCAT; ++k) {
    a[k] = av[2 * k];
    v[k] = av[2 * k + 1];
    const double hk = v[k] / a[k];
    v[k] += a[k] * g * dt / (1.0 + hk);
    h[k] = v[k] / a[k];
  }
  for (int i = 0; i < NCAT; ++i)
    for (int j = i + 1; j < NCAT; ++j) m = std::fmin(m, std::fabs(h[i] - h[j]));
  for (int k = 1; k < NCAT; ++k)
    for (int j = k; j > 0 && h[j - 1] > h[j]; --j) {
      std::swap(h[j - 1], h[j]);
      std::swap(a[j - 1], a[j]);
      std::swap(v[j - 1], v[j]);
    }
  for (int k = 0; k < NCAT; ++k) {
    const double hk = v[k] / a[k];
    if (k > 0) m = std::fmin(m, std::fabs(hk - kB[k]));
    if (k < NCAT - 1) m = std::fmin(m, std::fabs(hk - kB[k + 1]));
    const bool thin = k > 0 && hk < kB[k], thick = k < NCAT - 1 && hk > kB[k + 1];
    if (thin || thick) {
      const int d = thin ? k - 1 : k + 1;
      const double ex = thin ? (kB[k] - hk) / kB[k] : (hk - kB[k + 1]) / kB[k + 1];
      const double f = 0.5 * ex / (1.0 + ex), da = f * a[k], dv = f * v[k];
      a[k] -= da, v[k] -= dv, a[d] += da, v[d] += dv;
    }
  }
  return std::fmin(m, std::fabs(v[0] / a[0] - 0.3));
}

int main() {
  Checker check("rw26f_itd_rebin");
  Rng rng(26618);
  const int ncell = 30, nout = 2 * NCAT + 1;
  const double dt = 1.0;  // days
  std::vector<double> av(2 * NCAT * ncell), g(ncell);
  for (int c = 0; c < ncell; ++c) {
    for (int tries = 0;; ++tries) {
      g[c] = rng.uniform(-0.15, 0.3);  // m/day
      for (int k = 0; k < NCAT; ++k) {
        const double lo = kB[k], hi = k < NCAT - 1 ? kB[k + 1] : 5.0;
        // mostly inside the category, sometimes outside (so categories transfer and re-sort)
        const double hk = rng.uniform(0.0, 1.0) < 0.7 ? rng.uniform(lo + 0.05, hi - 0.05) : rng.uniform(0.1, 5.0);
        const double ak = rng.uniform(0.05, 0.25);
        av[2 * (c * NCAT + k)] = ak;
        av[2 * (c * NCAT + k) + 1] = ak * hk;
      }
      if (margin(&av[2 * c * NCAT], g[c], dt) > 1e-3) break;
      if (tries > 1000) {
        check.expect(false, "cells away from ties");
        break;
      }
    }
  }
  auto run = [&](const std::vector<double>& x, const std::vector<double>& gg) {
    DeviceArray<double> dx(x), dg(gg), dout(zeros<double>(nout * ncell));
    CUAD_LAUNCH(itd_step, 1, 32, ncell, reinterpret_cast<const double2*>(dx.ptr), dg.ptr, dt, dout.ptr);
    return dout.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(nout * ncell);
  auto loss = [&] { return dot(w, run(av, g)); };
  DeviceArray<double> dx(av), dg(g), dout(zeros<double>(nout * ncell)), gx(zeros<double>(av.size())),
      gg(zeros<double>(ncell)), gout(w);
  CUAD_GRAD(CUAD_LAUNCH(itd_step_grad_1_2_4, 1, 32, ncell, reinterpret_cast<const double2*>(dx.ptr), dg.ptr, dt, dout.ptr,
                        reinterpret_cast<double2*>(gx.ptr), gg.ptr, gout.ptr));
  check.array("area_vol", gx.get(), fd(av, loss));
  check.array("growth", gg.get(), fd(g, loss));
#else
  const std::vector<double> vx = rng.vec(av.size(), -0.01, 0.01), vg = rng.vec(ncell, -0.01, 0.01);
  auto outputs_at = [&](double t) { return run(along(av, t, vx), along(g, t, vg)); };
  DeviceArray<double> dx(av), dg(g), dout(zeros<double>(nout * ncell)), tx(vx), tg(vg), tout(zeros<double>(nout * ncell));
  CUAD_GRAD(CUAD_LAUNCH(itd_step_pushforward_1_2_4, 1, 32, ncell, reinterpret_cast<const double2*>(dx.ptr), dg.ptr, dt,
                        dout.ptr, reinterpret_cast<const double2*>(tx.ptr), tg.ptr, tout.ptr));
  check.array("out tangent", tout.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
