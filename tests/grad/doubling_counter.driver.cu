#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("doubling_counter");
  const int n = 90, limit = 100;
  Rng rng(5);
  std::vector<double> x = rng.vec(n, -1, 1), out = rng.vec(n), w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> d_out(out), d_x(x);
    CUAD_LAUNCH(doubling, 2, 64, d_out.ptr, d_x.ptr, n, limit);
    return dot(w, d_out.get());
  };
  DeviceArray<double> d_out(out), d_x(x), a_out(w), a_x(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(doubling_grad_0_1, 2, 64, d_out.ptr, d_x.ptr, n, limit, a_out.ptr, a_x.ptr));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("out", a_out.get(), fd(out, loss));
  return check.finish();
}
