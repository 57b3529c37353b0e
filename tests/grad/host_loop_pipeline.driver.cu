#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("host_loop_pipeline");
  const int n = 70, iters = 3;
  Rng rng(56);
  std::vector<double> x = rng.vec(n, -0.5, 0.5);
  double a = 0.8;
  auto loss = [&] { return pipeline(x.data(), a, n, iters); };
  std::vector<double> a_x(n, 0.0);
  double a_a = 0.0;
  CUAD_GRAD(pipeline_grad_0_1(x.data(), a, n, iters, a_x.data(), &a_a));
  check.array("x", a_x, fd(x, loss));
  check.scalar("a", a_a, fd(a, loss));
  return check.finish();
}
