#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("host_struct_field_alloc");
  Rng rng(31);
  const int n = 40;
  std::vector<double> x = rng.vec(n, -1.0, 1.0), y0 = rng.vec(n, -1.0, 1.0), w = rng.vec(n);
  std::vector<double> y = y0;
  auto loss = [&] {
    std::vector<double> out = y;
    run(x.data(), out.data(), n);
    return dot(w, out);
  };
  std::vector<double> gx(n, 0.0), gy = w, yy = y0;
  CUAD_GRAD(run_grad_0_1(x.data(), yy.data(), n, gx.data(), gy.data()));
  check.array("x", gx, fd(x, loss));
  check.array("y", gy, fd(y, loss));
  return check.finish();
}
