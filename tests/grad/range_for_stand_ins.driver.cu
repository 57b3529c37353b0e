#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("range_for_stand_ins");
  const int n = 16;
  Rng rng(808);
  std::vector<double> x = rng.vec(2 * n), y = rng.vec(n), w = rng.vec(n), c = rng.vec(3);
  auto make = [](const std::vector<double>& cs) {
    Poly p;
    for (int j = 0; j < 3; ++j) p.c[j] = cs[j];
    return p;
  };
  auto run = [&](const std::vector<double>& xv, const std::vector<double>& cv) {
    DeviceArray<double> dx(xv), dy(y);
    CUAD_LAUNCH(k, 1, n, dx.ptr, dy.ptr, make(cv));
    return dy.get();
  };
  DeviceArray<double> dx(x), dy(y);
#if CUAD_OUTPUT == 1
  auto loss = [&] { return dot(w, run(x, c)); };
  DeviceArray<double> a_x(zeros<double>(2 * n)), a_y(w);
  DeviceScalar<Poly> a_p(make(zeros<double>(3)));
  CUAD_GRAD(CUAD_LAUNCH(k_grad, 1, n, dx.ptr, dy.ptr, make(c), a_x.ptr, a_y.ptr, a_p.ptr));
  check.array("x", a_x.get(), fd(x, loss));
  Poly ap = a_p.value();
  check.array("p.c", std::vector<double>(ap.c, ap.c + 3), fd(c, loss));
  check.array("y (only written)", a_y.get(), std::vector<double>(n, 0.0));
#else
  std::vector<double> vx = rng.vec(2 * n), vc = rng.vec(3);
  auto outputs_at = [&](double t) { return run(along(x, t, vx), along(c, t, vc)); };
  DeviceArray<double> t_x(vx), t_y(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(k_pushforward, 1, n, dx.ptr, dy.ptr, make(c), t_x.ptr, t_y.ptr, make(vc)));
  check.array("y", t_y.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
