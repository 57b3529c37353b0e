#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("cx_math_double");
  const int n = 20;
  Rng rng(101);
  std::vector<double> y = rng.vec(n), w = rng.vec(n);
  std::vector<double> x = rng.vec(n, 0.2, 0.8), z = rng.vec(n, 0.2, 0.8);
  // keep floor(3a), ceil(2b) away from jumps
  for (int i = 0; i < n; ++i) { x[i] = 0.35 + 0.25 * (i % 2) + 0.001 * i; z[i] = 0.6 + 0.3 * (i % 3) / 3.0 + 0.002 * i; }
  auto loss = [&] {
    DeviceArray<double> d_y(y), d_x(x), d_z(z);
    CUAD_LAUNCH(sweep, 1, 32, d_y.ptr, d_x.ptr, d_z.ptr, n);
    return dot(w, d_y.get());
  };
  DeviceArray<double> d_y(y), a_y(w), d_x(x), a_x(zeros<double>(n)), d_z(z), a_z(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(sweep_grad_0_1_2, 1, 32, d_y.ptr, d_x.ptr, d_z.ptr, n, a_y.ptr, a_x.ptr, a_z.ptr));
  check.array("y", a_y.get(), fd(y, loss));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("z", a_z.get(), fd(z, loss));
  return check.finish();
}
