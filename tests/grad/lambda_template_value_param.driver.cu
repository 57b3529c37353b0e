#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("lambda_template_value_param");
  Rng rng(18099);
  const int n = 5;
  std::vector<double> g = rng.vec(2 * n), out = rng.vec(n);
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> dg(g), dout(out);
    CUAD_LAUNCH((k<double, 2>), 2, 4, dg.ptr, dout.ptr, n);
    return dot(w, dout.get());
  };
#if CUAD_OUTPUT == 1
  DeviceArray<double> dg(g), dout(out), gg(zeros<double>(2 * n)), gout(w);
  CUAD_GRAD(CUAD_LAUNCH((k_grad_0_1<double, 2>), 2, 4, dg.ptr, dout.ptr, n, gg.ptr, gout.ptr));
  check.array("g", gg.get(), fd(g, loss));
  check.array("out", gout.get(), fd(out, loss));
#else
  std::vector<double> v = rng.vec(2 * n, -1.0, 1.0);
  auto outputs_at = [&](double t) {
    DeviceArray<double> dg(along(g, t, v)), dout(out);
    CUAD_LAUNCH((k<double, 2>), 2, 4, dg.ptr, dout.ptr, n);
    return dout.get();
  };
  DeviceArray<double> dg(g), dout(out), tg(v), tout(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH((k_pushforward<double, 2>), 2, 4, dg.ptr, dout.ptr, n, tg.ptr, tout.ptr));
  check.array("tangent out", tout.get(), directional_fd<double>(outputs_at));
  (void)loss;
#endif
  return check.finish();
}
