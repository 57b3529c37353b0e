#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("host_struct_scalarized");
  Rng rng(20011);
  const int n = 70, steps = 3;
  std::vector<double> x = rng.vec(n, -0.8, 0.8), y(n, 0.0);
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    std::vector<double> out(n, 0.0);
    pipeline(x.data(), out.data(), n, steps);
    return dot(w, out);
  };
  std::vector<double> gx(n, 0.0), gy = w;
  CUAD_GRAD(pipeline_grad_0_1(x.data(), y.data(), n, steps, gx.data(), gy.data()));
  check.array("x", gx, fd(x, loss));
  return check.finish();
}
