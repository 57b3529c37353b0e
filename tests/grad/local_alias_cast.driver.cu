#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("local_alias_cast");
  const int n = 40;
  Rng rng(14100);
  std::vector<double> in = rng.vec<double>(n, -2.0, 2.0), out = zeros<double>(n);
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec<double>(n);
  auto loss = [&] {
    DeviceArray<double> o(out), x(in);
    CUAD_LAUNCH(k, 2, 32, o.ptr, x.ptr, n);
    return dot(w, o.get());
  };
  DeviceArray<double> o(out), x(in), a_o(w), a_x(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(k_grad_0_1, 2, 32, o.ptr, x.ptr, n, a_o.ptr, a_x.ptr));
  check.array("in", a_x.get(), fd(in, loss));
  check.array("out", a_o.get(), fd(out, loss));
#else
  const std::vector<double> v = rng.vec<double>(n);
  auto outputs_at = [&](double t) {
    DeviceArray<double> o(out), x(along(in, t, v));
    CUAD_LAUNCH(k, 2, 32, o.ptr, x.ptr, n);
    return as_doubles(o.get());
  };
  DeviceArray<double> o(out), x(in), t_o(zeros<double>(n)), t_x(v);
  CUAD_GRAD(CUAD_LAUNCH(k_pushforward, 2, 32, o.ptr, x.ptr, n, t_o.ptr, t_x.ptr));
  check.array("out", t_o.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
