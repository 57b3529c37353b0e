#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23c_min_host_ns_struct_arg");
  Rng rng(23390);
  const int n = 20;
  std::vector<double> x = rng.vec(n), y0 = rng.vec(n), w = rng.vec(n), c = {0.7, -0.3};
  auto loss = [&] {
    std::vector<double> y = y0;
    run(x.data(), ns::Coef{c[0], c[1]}, y.data(), n);
    return dot(w, y);
  };
  std::vector<double> y = y0, gx(n, 0.0), gy = w;
  ns::Coef gc{0.0, 0.0};
  CUAD_GRAD(run_grad_0_1_2(x.data(), ns::Coef{c[0], c[1]}, y.data(), n, gx.data(), &gc, gy.data()));
  check.array("x", gx, fd(x, loss));
  check.array("c", std::vector<double>{gc.a, gc.b}, fd(c, loss));
  check.array("y (only written)", gy, zeros<double>(n));
  return check.finish();
}
