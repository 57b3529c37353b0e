#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24d_min_static_member_const");
  Rng rng(24901);
  const int n = 8;
  std::vector<double> x = rng.vec(n, 0.2, 2.0);
  auto run = [&](const std::vector<double>& xx) {
    DeviceArray<double> d_x(xx), d_y(zeros<double>(n));
    CUAD_LAUNCH(soft_square, 1, 8, d_x.ptr, d_y.ptr, n);
    return d_y.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] { return dot(w, run(x)); };
  DeviceArray<double> d_x(x), d_y(zeros<double>(n)), g_x(zeros<double>(n)), g_y(w);
  CUAD_GRAD(CUAD_LAUNCH(soft_square_grad_0_1, 1, 8, d_x.ptr, d_y.ptr, n, g_x.ptr, g_y.ptr));
  check.array("x", g_x.get(), fd(x, loss));
  check.array("y", g_y.get(), zeros<double>(n));
#else
  const std::vector<double> v = rng.vec(n);
  auto outputs_at = [&](double t) { return run(along(x, t, v)); };
  DeviceArray<double> d_x(x), d_y(zeros<double>(n)), t_x(v), t_y(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(soft_square_pushforward, 1, 8, d_x.ptr, d_y.ptr, n, t_x.ptr, t_y.ptr));
  check.array("y tangent", t_y.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
