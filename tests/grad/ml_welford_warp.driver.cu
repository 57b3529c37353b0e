#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("ml_welford_warp");
  const int rows = 2, cols = 45, n = rows * cols;
  Rng rng(216);
  std::vector<double> x = rng.vec(n), gamma = rng.vec(cols), beta = rng.vec(cols), y = rng.vec(n), w = rng.vec(n);
  double eps = 1e-5;
  auto loss = [&] {
    DeviceArray<double> d_y(y), d_x(x), d_g(gamma), d_b(beta);
    CUAD_LAUNCH(layernorm_welford, rows, 32, d_y.ptr, d_x.ptr, d_g.ptr, d_b.ptr, cols, eps);
    return dot(w, d_y.get());
  };
  DeviceArray<double> d_y(y), d_x(x), d_g(gamma), d_b(beta), a_y(w), a_x(zeros<double>(n)), a_g(zeros<double>(cols)),
      a_b(zeros<double>(cols));
  CUAD_GRAD(CUAD_LAUNCH(layernorm_welford_grad_0_1_2_3, rows, 32, d_y.ptr, d_x.ptr, d_g.ptr, d_b.ptr, cols, eps,
                        a_y.ptr, a_x.ptr, a_g.ptr, a_b.ptr));
  check.array("y", a_y.get(), fd(y, loss));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("gamma", a_g.get(), fd(gamma, loss));
  check.array("beta", a_b.get(), fd(beta, loss));
  return check.finish();
}
