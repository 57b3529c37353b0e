#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("const_restrict");
  const int n = 100;
  Rng rng(42);
  std::vector<double> x = rng.vec(n), y = rng.vec(n), z = rng.vec(n), w = rng.vec(n);
  double alpha = 0.4, beta = -1.2;
  auto loss = [&] {
    DeviceArray<double> d_z(z), d_x(x), d_y(y);
    CUAD_LAUNCH(axpby, 2, 64, d_z.ptr, d_x.ptr, d_y.ptr, alpha, beta, n);
    return dot(w, d_z.get());
  };
  DeviceArray<double> d_z(z), d_x(x), d_y(y), a_z(w), a_x(zeros<double>(n)), a_y(zeros<double>(n));
  DeviceScalar<double> a_alpha, a_beta;
  CUAD_GRAD(CUAD_LAUNCH(axpby_grad_0_1_2_3_4, 2, 64, d_z.ptr, d_x.ptr, d_y.ptr, alpha, beta, n,
                        a_z.ptr, a_x.ptr, a_y.ptr, a_alpha.ptr, a_beta.ptr));
  check.array("z", a_z.get(), fd(z, loss));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("y", a_y.get(), fd(y, loss));
  check.scalar("alpha", a_alpha.value(), fd(alpha, loss));
  check.scalar("beta", a_beta.value(), fd(beta, loss));
  return check.finish();
}
