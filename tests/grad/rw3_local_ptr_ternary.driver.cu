#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw3_local_ptr_ternary");
  const int n = 20, passes = 3;
  Rng rng(3121);
  std::vector<double> x = rng.vec(n * 6), alpha = rng.vec(passes, 0.1, 0.3), w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> d_x(x), d_a(alpha), d_y(n, 0.0);
    CUAD_LAUNCH(smooth_passes, 1, 32, d_x.ptr, d_a.ptr, d_y.ptr, n, passes);
    return dot(w, d_y.get());
  };
  DeviceArray<double> d_x(x), d_a(alpha), d_y(n, 0.0), a_x(zeros<double>(n * 6)),
      a_a(zeros<double>(passes)), a_y(w);
  CUAD_GRAD(CUAD_LAUNCH(smooth_passes_grad_0_1_2, 1, 32, d_x.ptr, d_a.ptr, d_y.ptr, n, passes, a_x.ptr,
                        a_a.ptr, a_y.ptr));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("alpha", a_a.get(), fd(alpha, loss));
  check.array("y", a_y.get(), std::vector<double>(n, 0.0));
  return check.finish();
}
