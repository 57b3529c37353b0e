#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw19h_converge");
  const int n = 70;
  Rng rng(1904);
  std::vector<double> b = rng.vec(n), x0 = rng.vec(n);
  double theta = 0.4;
  const double tol = 1e-6;  // converges after a handful of iterations; trip count stable under h
  const std::vector<double> w = rng.vec(n);
  std::vector<double> x = x0;
  auto loss = [&] {
    std::vector<double> xx = x;
    relax(b.data(), theta, xx.data(), n, tol, 60);
    return dot(w, xx);
  };
  std::vector<double> gb(n, 0.0), gx = w;
  double gt = 0.0;
  std::vector<double> xx = x;
  CUAD_GRAD(relax_grad_0_1_2(b.data(), theta, xx.data(), n, tol, 60, gb.data(), &gt, gx.data()));
  check.array("b", gb, fd(b, loss));
  check.scalar("theta", gt, fd(theta, loss));
  check.array("x", gx, fd(x, loss));
  return check.finish();
}
