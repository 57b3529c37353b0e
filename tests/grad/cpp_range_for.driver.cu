#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("cpp_range_for");
  const int n = 40;
  Rng rng(41);
  std::vector<float> x = rng.vec<float>(n), y = rng.vec<float>(n), w = rng.vec<float>(n);
  auto loss = [&] {
    DeviceArray<float> dx(x), dy(y);
    CUAD_LAUNCH(k, 2, 32, dy.ptr, dx.ptr, n);
    return dot(w, dy.get());
  };
  DeviceArray<float> dx(x), dy(y), d_y(w), d_x(zeros<float>(n));
  CUAD_GRAD(CUAD_LAUNCH(k_grad_0_1, 2, 32, dy.ptr, dx.ptr, n, d_y.ptr, d_x.ptr));
  check.array("y", d_y.get(), fd(y, loss));
  check.array("x", d_x.get(), fd(x, loss));
  return check.finish();
}
