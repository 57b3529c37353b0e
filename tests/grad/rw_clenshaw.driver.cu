#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw_clenshaw");
  const int n = 100, m = 9;
  Rng rng(53);
  std::vector<double> x = rng.vec<double>(n), coef = rng.vec<double>(m), y = rng.vec<double>(n),
                      w = rng.vec<double>(n);
  auto loss = [&] {
    DeviceArray<double> d_y(y), d_x(x), d_c(coef);
    CUAD_LAUNCH(cheb_eval, 1, 32, d_y.ptr, d_x.ptr, d_c.ptr, n, m);
    return dot(w, d_y.get());
  };
  DeviceArray<double> d_y(y), d_x(x), d_c(coef), a_y(w), a_x(zeros<double>(n)),
      a_c(zeros<double>(m));
  CUAD_GRAD(CUAD_LAUNCH(cheb_eval_grad_0_1_2, 1, 32, d_y.ptr, d_x.ptr, d_c.ptr, n, m, a_y.ptr,
                        a_x.ptr, a_c.ptr));
  check.array("y", a_y.get(), fd(y, loss));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("coef", a_c.get(), fd(coef, loss));
  return check.finish();
}
