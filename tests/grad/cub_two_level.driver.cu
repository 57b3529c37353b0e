#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("cub_two_level");
  Rng rng(905);
  const int n = 300;
  std::vector<double> x = rng.vec(n), result = rng.vec(1);
  auto loss = [&] {
    std::vector<double> r = result;
    energy(x.data(), r.data(), n);
    return r[0];
  };
  std::vector<double> r = result, a_x(n, 0.0), a_result(1, 1.0);
  CUAD_GRAD(energy_grad_0_1(x.data(), r.data(), n, a_x.data(), a_result.data()));
  check.array("x", a_x, fd(x, loss));
  check.array("result", a_result, fd(result, loss));
  return check.finish();
}
