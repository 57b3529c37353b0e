#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("assign_forms");
  const int n = 48;
  Rng rng(51);
  std::vector<double> y = rng.vec(n), z = rng.vec(n), x = rng.vec(n), wy = rng.vec(n),
                      wz = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> d_y(y), d_z(z), d_x(x);
    CUAD_LAUNCH(forms, 2, 32, d_y.ptr, d_z.ptr, d_x.ptr, n);
    return dot(wy, d_y.get()) + dot(wz, d_z.get());
  };
  DeviceArray<double> d_y(y), d_z(z), d_x(x), a_y(wy), a_z(wz), a_x(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(forms_grad_0_1_2, 2, 32, d_y.ptr, d_z.ptr, d_x.ptr, n, a_y.ptr, a_z.ptr,
                        a_x.ptr));
  check.array("y", a_y.get(), fd(y, loss));
  check.array("z", a_z.get(), fd(z, loss));
  check.array("x", a_x.get(), fd(x, loss));
  return check.finish();
}
