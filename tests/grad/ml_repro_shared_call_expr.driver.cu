#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;
int main() {
  Checker check("ml_repro_shared_call_expr");
  const int n = 64;
  Rng rng(5);
  std::vector<double> x = rng.vec(n), y = rng.vec(n), w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> d_y(y), d_x(x);
    CUAD_LAUNCH(k, 1, 64, d_y.ptr, d_x.ptr, n);
    return dot(w, d_y.get());
  };
  DeviceArray<double> d_y(y), d_x(x), a_y(w), a_x(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(k_grad_0_1, 1, 64, d_y.ptr, d_x.ptr, n, a_y.ptr, a_x.ptr));
  check.array("y", a_y.get(), fd(y, loss));
  check.array("x", a_x.get(), fd(x, loss));
  return check.finish();
}
