#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("template_return_only");
  const int n = 16;
  Rng rng(1212);
  std::vector<double> x = rng.vec(2 * n), y = rng.vec(n), w = rng.vec(n);
  auto run = [&](const std::vector<double>& xv) {
    DeviceArray<double> dx(xv), dy(y);
    CUAD_LAUNCH(k, 1, n, dx.ptr, dy.ptr);
    return dy.get();
  };
  DeviceArray<double> dx(x), dy(y);
#if CUAD_OUTPUT == 1
  auto loss = [&] { return dot(w, run(x)); };
  DeviceArray<double> a_x(zeros<double>(2 * n)), a_y(w);
  CUAD_GRAD(CUAD_LAUNCH(k_grad, 1, n, dx.ptr, dy.ptr, a_x.ptr, a_y.ptr));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("y (only written)", a_y.get(), std::vector<double>(n, 0.0));
#else
  std::vector<double> vx = rng.vec(2 * n);
  auto outputs_at = [&](double t) { return run(along(x, t, vx)); };
  DeviceArray<double> t_x(vx), t_y(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(k_pushforward, 1, n, dx.ptr, dy.ptr, t_x.ptr, t_y.ptr));
  check.array("y", t_y.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
