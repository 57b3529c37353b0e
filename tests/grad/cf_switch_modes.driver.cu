#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("cf_switch_modes");
  const int n = 10, f = 4;
  Rng rng(105);
  std::vector<double> x = rng.vec(n * f), out = rng.vec(n), w = rng.vec(n);
  std::vector<int> mode = {0, 1, 2, 3, 4, 5, 1};
  double alpha = 0.7;
  DeviceArray<int> d_mode(mode);
  auto loss = [&] {
    DeviceArray<double> d_out(out), d_x(x);
    CUAD_LAUNCH(activate, 1, 16, d_out.ptr, d_x.ptr, d_mode.ptr, alpha, n, f);
    return dot(w, d_out.get());
  };
  DeviceArray<double> d_out(out), d_x(x), a_out(w), a_x(zeros<double>(n * f));
  DeviceScalar<double> a_alpha;
  CUAD_GRAD(CUAD_LAUNCH(activate_grad_0_1_3, 1, 16, d_out.ptr, d_x.ptr, d_mode.ptr, alpha, n, f,
                        a_out.ptr, a_x.ptr, a_alpha.ptr));
  check.array("out", a_out.get(), fd(out, loss));
  check.array("x", a_x.get(), fd(x, loss));
  check.scalar("alpha", a_alpha.value(), fd(alpha, loss));
  return check.finish();
}
