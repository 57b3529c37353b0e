#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("layernorm");
  const int rows = 3, cols = 40, threads = 16;
  Rng rng(48);
  std::vector<double> x = rng.vec(rows * cols), gamma = rng.vec(cols), beta = rng.vec(cols),
                      y = rng.vec(rows * cols), wy = rng.vec(rows * cols);
  double eps = 1e-3;
  auto loss = [&] {
    DeviceArray<double> d_x(x), d_g(gamma), d_b(beta), d_y(y);
    CUAD_LAUNCH(layernorm, rows, threads, d_x.ptr, d_g.ptr, d_b.ptr, d_y.ptr, cols, eps);
    return dot(wy, d_y.get());
  };
  DeviceArray<double> d_x(x), d_g(gamma), d_b(beta), d_y(y), a_x(zeros<double>(rows * cols)),
      a_g(zeros<double>(cols)), a_b(zeros<double>(cols)), a_y(wy);
  CUAD_GRAD(CUAD_LAUNCH(layernorm_grad_0_1_2_3, rows, threads, d_x.ptr, d_g.ptr, d_b.ptr, d_y.ptr,
                        cols, eps, a_x.ptr, a_g.ptr, a_b.ptr, a_y.ptr));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("gamma", a_g.get(), fd(gamma, loss));
  check.array("beta", a_b.get(), fd(beta, loss));
  check.array("y", a_y.get(), fd(y, loss));
  return check.finish();
}
