#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("cpp_alias_template");
  const int n = 40;
  Rng rng(35);
  std::vector<float> x = rng.vec<float>(n), y = rng.vec<float>(n), a = {0.6f, -1.2f},
                     w = rng.vec<float>(n);
  auto loss = [&] {
    DeviceArray<float> dx(x), dy(y), da(a);
    CUAD_LAUNCH(axpy_sq, 2, 32, dy.ptr, dx.ptr, da.ptr, n);
    return dot(w, dy.get());
  };
  DeviceArray<float> dx(x), dy(y), da(a), d_y(w), d_x(zeros<float>(n)), d_a(zeros<float>(2));
  CUAD_GRAD(CUAD_LAUNCH(axpy_sq_grad_0_1_2, 2, 32, dy.ptr, dx.ptr, da.ptr, n, d_y.ptr, d_x.ptr,
                        d_a.ptr));
  check.array("y", d_y.get(), fd(y, loss));
  check.array("x", d_x.get(), fd(x, loss));
  check.array("a", d_a.get(), fd(a, loss));
  return check.finish();
}
