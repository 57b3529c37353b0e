#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("volatile_product_tail");
  Rng rng(1311);
  std::vector<double> x = rng.vec(64);
  const double w = 0.8;
  auto loss = [&] {
    DeviceArray<double> dx(x), dout(1, 0.0);
    CUAD_LAUNCH(wprod, 1, 64, dx.ptr, dout.ptr);
    return w * dout.get()[0];
  };
  DeviceArray<double> dx(x), dout(1, 0.0), ax(zeros<double>(64)), aout(1, w);
  CUAD_GRAD(CUAD_LAUNCH(wprod_grad, 1, 64, dx.ptr, dout.ptr, ax.ptr, aout.ptr));
  check.array("x", ax.get(), fd(x, loss));
  return check.finish();
}
