#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("host_two_kernels");
  const int n = 100;
  Rng rng(27);
  std::vector<double> x = rng.vec(n), y = rng.vec(n), w = rng.vec(n);
  double a = 0.9;
  auto loss = [&] {
    std::vector<double> o = y;
    pipeline(o.data(), x.data(), a, n);
    return dot(w, o);
  };
  std::vector<double> o = y, a_y = w, a_x(n, 0.0);
  double a_a = 0.0;
  CUAD_GRAD(pipeline_grad_0_1_2(o.data(), x.data(), a, n, a_y.data(), a_x.data(), &a_a));
  check.array("y", a_y, fd(y, loss));
  check.array("x", a_x, fd(x, loss));
  check.scalar("a", a_a, fd(a, loss));
  return check.finish();
}
