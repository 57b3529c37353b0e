#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("inplace_helper_global");
  Rng rng(1313);
  std::vector<double> y = rng.vec(32), w = rng.vec(32);
  auto loss = [&] {
    DeviceArray<double> dy(y);
    CUAD_LAUNCH(k2, 1, 32, dy.ptr);
    return dot(w, dy.get());
  };
  DeviceArray<double> dy(y), ay(w);
  CUAD_GRAD(CUAD_LAUNCH(k2_grad, 1, 32, dy.ptr, ay.ptr));
  check.array("y", ay.get(), fd(y, loss));
  return check.finish();
}
