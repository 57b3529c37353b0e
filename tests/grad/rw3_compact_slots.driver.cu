#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw3_compact_slots");
  const int n = 60;
  Rng rng(3113);
  std::vector<double> x = rng.vec(n);
  for (double& v : x)
    if (std::fabs(v) < 0.05) v = 0.2;
  // every slot weighs the same, so the loss does not depend on the order of the slots
  const double c = 1.3;
  auto loss = [&] {
    DeviceArray<double> d_x(x), d_o(n, 0.0);
    DeviceScalar<int> d_c(0);
    CUAD_LAUNCH(compact_positive, 2, 32, d_x.ptr, d_o.ptr, d_c.ptr, n);
    return c * dot(std::vector<double>(n, 1.0), d_o.get());
  };
  DeviceArray<double> d_x(x), d_o(n, 0.0), a_x(zeros<double>(n)), a_o(n, c);
  DeviceScalar<int> d_c(0);
  CUAD_GRAD(CUAD_LAUNCH(compact_positive_grad_0_1, 2, 32, d_x.ptr, d_o.ptr, d_c.ptr, n, a_x.ptr,
                        a_o.ptr));
  check.array("x", a_x.get(), fd(x, loss));
  // the written slots' seeds are consumed; the others are untouched (nothing reads them)
  std::vector<double> ao = a_o.get();
  int positive = 0;
  for (double v : x) positive += v > 0.0;
  std::vector<double> expect(n, c);
  for (int s = 0; s < positive; ++s) expect[s] = 0.0;
  check.array("out", ao, expect);
  return check.finish();
}
