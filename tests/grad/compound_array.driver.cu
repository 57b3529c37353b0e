#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("compound_array");
  const int n = 100;
  Rng rng(37);
  std::vector<double> out = rng.vec(n), x = rng.vec(n), y = rng.vec(n), w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> d_out(out), d_x(x), d_y(y);
    CUAD_LAUNCH(compound, 2, 64, d_out.ptr, d_x.ptr, d_y.ptr, n);
    return dot(w, d_out.get());
  };
  DeviceArray<double> d_out(out), d_x(x), d_y(y), a_out(w), a_x(zeros<double>(n)),
      a_y(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(compound_grad_0_1_2, 2, 64, d_out.ptr, d_x.ptr, d_y.ptr, n, a_out.ptr,
                        a_x.ptr, a_y.ptr));
  check.array("out", a_out.get(), fd(out, loss));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("y", a_y.get(), fd(y, loss));
  return check.finish();
}
