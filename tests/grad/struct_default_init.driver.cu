#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("struct_default_init");
  const int n = 70;
  Rng rng(13);
  std::vector<double> x = rng.vec(n), out = rng.vec(n), w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> d_out(out), d_x(x);
    CUAD_LAUNCH(accumulate, 2, 64, d_out.ptr, d_x.ptr, n);
    return dot(w, d_out.get());
  };
  DeviceArray<double> d_out(out), d_x(x), a_out(w), a_x(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(accumulate_grad_0_1, 2, 64, d_out.ptr, d_x.ptr, n, a_out.ptr, a_x.ptr));
  check.array("out", a_out.get(), fd(out, loss));
  check.array("x", a_x.get(), fd(x, loss));
  return check.finish();
}
