#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("fwd_inplace");
  const int n = 50;
  Rng rng(11);
  std::vector<double> x = rng.vec(n), vx = rng.vec(n);
  double a = 1.7, va = 0.45;
  auto outputs_at = [&](double t) {
    DeviceArray<double> dx(along(x, t, vx));
    CUAD_LAUNCH(scale, 1, 64, n, dx.ptr, along(a, t, va));
    return as_doubles(dx.get());
  };
  DeviceArray<double> dx(x), d_x(vx);
  CUAD_GRAD(CUAD_LAUNCH(scale_pushforward, 1, 64, n, dx.ptr, a, d_x.ptr, va));
  check.array("x", d_x.get(), directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST) && !defined(CUAD_RACECHECK)
  // the pushforward also computes the primal
  DeviceArray<double> ref(x);
  CUAD_LAUNCH(scale, 1, 64, n, ref.ptr, a);
  check.array("x value", dx.get(), as_doubles(ref.get()));
#endif
  return check.finish();
}
