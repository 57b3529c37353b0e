#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("ns_struct_methods");
  const int n = 50;
  Rng rng(17);
  std::vector<double> x = rng.vec(n), w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> dx(x), dy(zeros<double>(n));
    CUAD_LAUNCH(ring_area, 2, 32, dy.ptr, dx.ptr, n);
    return dot(w, dy.get());
  };
  DeviceArray<double> dx(x), dy(zeros<double>(n)), d_x(zeros<double>(n)), d_y(w);
  CUAD_GRAD(CUAD_LAUNCH(ring_area_grad_0_1, 2, 32, dy.ptr, dx.ptr, n, d_y.ptr, d_x.ptr));
  check.array("x", d_x.get(), fd(x, loss));
  return check.finish();
}
