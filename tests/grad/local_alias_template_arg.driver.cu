#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("local_alias_template_arg");
  const int n = 40;
  Rng rng(14101);
  std::vector<double> in = rng.vec(n, -2.0, 2.0), out = zeros<double>(n);
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> o(out), x(in);
    CUAD_LAUNCH(k, 2, 32, o.ptr, x.ptr, n);
    return dot(w, o.get());
  };
  DeviceArray<double> o(out), x(in), a_o(w), a_x(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(k_grad_0_1, 2, 32, o.ptr, x.ptr, n, a_o.ptr, a_x.ptr));
  check.array("in", a_x.get(), fd(in, loss));
  check.array("out", a_o.get(), fd(out, loss));
  return check.finish();
}
