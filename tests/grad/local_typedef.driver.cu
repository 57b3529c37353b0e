#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("local_typedef");
  const int n = 70;
  Rng rng(91);
  std::vector<double> x = rng.vec(n), w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> dx(x), dy(zeros<double>(n));
    CUAD_LAUNCH(alias_poly, 3, 32, dy.ptr, dx.ptr, n);
    return dot(w, dy.get());
  };
  DeviceArray<double> dx(x), dy(zeros<double>(n)), d_x(zeros<double>(n)), d_y(w);
  CUAD_GRAD(CUAD_LAUNCH(alias_poly_grad_0_1, 3, 32, dy.ptr, dx.ptr, n, d_y.ptr, d_x.ptr));
  check.array("x", d_x.get(), fd(x, loss));
  return check.finish();
}
