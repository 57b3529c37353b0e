#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25a_min_index_op_byvalue");
  Rng rng(25996);
  const int n = 10;
  std::vector<double> x = rng.vec(n), y0 = rng.vec(n);
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> dx(x), dy(y0);
    CUAD_LAUNCH(k, 1, 32, dx.ptr, dy.ptr, n);
    return dot(w, dy.get());
  };
  DeviceArray<double> dx(x), dy(y0), gx(zeros<double>(n)), gy(w);
  CUAD_GRAD(CUAD_LAUNCH(k_grad_0_1, 1, 32, dx.ptr, dy.ptr, n, gx.ptr, gy.ptr));
  check.array("x", gx.get(), fd(x, loss));
  check.array("y", gy.get(), fd(y0, loss));
  return check.finish();
}
