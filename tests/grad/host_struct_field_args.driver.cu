#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("host_struct_field_args");
  Rng rng(19031);
  const int n = 70;
  std::vector<double> x = rng.vec(n, -1.0, 1.0), y(n, 0.0);
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    std::vector<double> out(n, 0.0);
    pipeline(x.data(), out.data(), n);
    return dot(w, out);
  };
  std::vector<double> gx(n, 0.0), gy = w;
  CUAD_GRAD(pipeline_grad_0_1(x.data(), y.data(), n, gx.data(), gy.data()));
  check.array("x", gx, fd(x, loss));
  return check.finish();
}
