#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24b_min_alias_rotate");
  const int n = 8;
  Rng rng(4);
  std::vector<double> p = rng.vec(2 * n, 0.2, 1.0), vp = rng.vec(2 * n), w = rng.vec(2 * n);
  double a = 0.6, va = 0.3;
#if CUAD_OUTPUT == 2
  auto outputs_at = [&](double t) {
    DeviceArray<double> dp(along(p, t, vp)), dout(zeros<double>(2 * n));
    CUAD_LAUNCH(krot, 1, 32, dp.ptr, dout.ptr, along(a, t, va), n);
    return dout.get();
  };
  DeviceArray<double> dp(p), dout(zeros<double>(2 * n)), tp(vp), tout(zeros<double>(2 * n));
  CUAD_GRAD(CUAD_LAUNCH(krot_pushforward, 1, 32, dp.ptr, dout.ptr, a, n, tp.ptr, tout.ptr, va));
  check.array("out", tout.get(), directional_fd<double>(outputs_at));
#else
  auto loss = [&] {
    DeviceArray<double> dp(p), dout(zeros<double>(2 * n));
    CUAD_LAUNCH(krot, 1, 32, dp.ptr, dout.ptr, a, n);
    return dot(w, dout.get());
  };
  DeviceArray<double> dp(p), dout(zeros<double>(2 * n)), ap(zeros<double>(2 * n)), aout(w);
  DeviceScalar<double> aa(0.0);
  CUAD_GRAD(CUAD_LAUNCH(krot_grad_0_1_2, 1, 32, dp.ptr, dout.ptr, a, n, ap.ptr, aout.ptr, aa.ptr));
  check.array("p", ap.get(), fd(p, loss));
  check.scalar("a", aa.value(), fd(a, loss));
#endif
  return check.finish();
}
