#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw2_group_norm");
  const int N = 2, C = 6, HW = 15, G = 3, n = N * C * HW;
  const double eps = 1e-5;
  Rng rng(206);
  std::vector<double> x = rng.vec(n, -2.0, 2.0), gamma = rng.vec(C, 0.5, 1.5), beta = rng.vec(C),
                      y = rng.vec(n), w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> d_y(y), d_x(x), d_g(gamma), d_b(beta);
    CUAD_LAUNCH(group_norm_fwd, N * G, 64, d_y.ptr, d_x.ptr, d_g.ptr, d_b.ptr, C, HW, G, eps);
    return dot(w, d_y.get());
  };
  DeviceArray<double> d_y(y), d_x(x), d_g(gamma), d_b(beta), a_y(w), a_x(zeros<double>(n)),
      a_g(zeros<double>(C)), a_b(zeros<double>(C));
  CUAD_GRAD(CUAD_LAUNCH(group_norm_fwd_grad_0_1_2_3, N * G, 64, d_y.ptr, d_x.ptr, d_g.ptr,
                        d_b.ptr, C, HW, G, eps, a_y.ptr, a_x.ptr, a_g.ptr, a_b.ptr));
  check.array("y", a_y.get(), fd(y, loss));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("gamma", a_g.get(), fd(gamma, loss));
  check.array("beta", a_b.get(), fd(beta, loss));
  return check.finish();
}
