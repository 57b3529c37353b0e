#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;
int main() {
  Checker check("ml_repro_dyn_shared_alias");
  const int n = 8;
  const size_t bytes = 2 * n * sizeof(double);
  Rng rng(5);
  std::vector<double> x = rng.vec(n), y = rng.vec(n), w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> d_y(y), d_x(x);
    CUAD_LAUNCH_SHARED(k, 1, 8, bytes, d_y.ptr, d_x.ptr, n);
    return dot(w, d_y.get());
  };
  DeviceArray<double> d_y(y), d_x(x), a_y(w), a_x(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH_SHARED(k_grad_0_1, 1, 8, 2 * bytes, d_y.ptr, d_x.ptr, n, a_y.ptr, a_x.ptr));
  check.array("y", a_y.get(), fd(y, loss));
  check.array("x", a_x.get(), fd(x, loss));
  return check.finish();
}
