#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("fwd2_struct_vec3");
  const int n = 24;
  Rng rng(105);
  std::vector<double> pos = rng.vec(3 * n, -2.0, 2.0), vpos = rng.vec(3 * n),
                      mass = rng.vec(n, 0.5, 1.5), vmass = rng.vec(n), f0 = zeros<double>(3 * n);
  double soft = 0.3, vsoft = 0.2;
  auto outputs_at = [&](double t) {
    DeviceArray<double> dp(along(pos, t, vpos)), dm(along(mass, t, vmass)), df(f0);
    CUAD_LAUNCH(forces, 1, 32, n, dp.ptr, dm.ptr, along(soft, t, vsoft), df.ptr);
    return as_doubles(df.get());
  };
  DeviceArray<double> dp(pos), d_p(vpos), dm(mass), d_m(vmass), df(f0), d_f(zeros<double>(3 * n));
  CUAD_GRAD(CUAD_LAUNCH(forces_pushforward, 1, 32, n, dp.ptr, dm.ptr, soft, df.ptr, d_p.ptr,
                        d_m.ptr, vsoft, d_f.ptr));
  check.array("f", d_f.get(), directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  check.array("f (primal)", as_doubles(df.get()), outputs_at(0.0));
#endif
  return check.finish();
}
