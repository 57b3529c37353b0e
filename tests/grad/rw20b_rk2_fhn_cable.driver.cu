#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw20b_rk2_fhn_cable");
  Rng rng(200204);
  const int n = 150, steps = 4;
  std::vector<double> u = rng.vec(n, -0.4, 1.0), w = rng.vec(n, -0.1, 0.3);
  double D = 0.8, a = 0.15, eps = 0.08, dx = 1.0, dt = 0.1;
  const std::vector<double> wu = rng.vec(n), ww = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> du(u), dw(w), k1u(n, 0.0), k1w(n, 0.0), k2u(n, 0.0), k2w(n, 0.0),
        pu(n, 0.0), pw(n, 0.0);
    RK2Work ws{k1u.ptr, k1w.ptr, k2u.ptr, k2w.ptr, pu.ptr, pw.ptr};
    fhn_heun(du.ptr, dw.ptr, &ws, D, a, eps, dx, dt, n, steps);
    return dot(wu, du.get()) + dot(ww, dw.get());
  };
  DeviceArray<double> du(u), dw(w), k1u(n, 0.0), k1w(n, 0.0), k2u(n, 0.0), k2w(n, 0.0),
      pu(n, 0.0), pw(n, 0.0);
  DeviceArray<double> au(wu), aw(ww), ak1u(zeros<double>(n)), ak1w(zeros<double>(n)),
      ak2u(zeros<double>(n)), ak2w(zeros<double>(n)), apu(zeros<double>(n)),
      apw(zeros<double>(n));
  RK2Work ws{k1u.ptr, k1w.ptr, k2u.ptr, k2w.ptr, pu.ptr, pw.ptr};
  RK2Work aws{ak1u.ptr, ak1w.ptr, ak2u.ptr, ak2w.ptr, apu.ptr, apw.ptr};
  double aD = 0.0, aa = 0.0, aeps = 0.0;
  CUAD_GRAD(fhn_heun_grad_0_1_2_3_4_5(du.ptr, dw.ptr, &ws, D, a, eps, dx, dt, n, steps, au.ptr,
                                      aw.ptr, &aws, &aD, &aa, &aeps));
  check.array("u", au.get(), fd(u, loss));
  check.array("w", aw.get(), fd(w, loss));
  // The stage buffers are written before every read: no derivative reaches their inputs.
  const std::vector<double> z(n, 0.0);
  check.array("k1u", ak1u.get(), z);
  check.array("k1w", ak1w.get(), z);
  check.array("k2u", ak2u.get(), z);
  check.array("k2w", ak2w.get(), z);
  check.array("pu", apu.get(), z);
  check.array("pw", apw.get(), z);
  check.scalar("D", aD, fd(D, loss));
  check.scalar("a", aa, fd(a, loss));
  check.scalar("eps", aeps, fd(eps, loss));
  return check.finish();
}
