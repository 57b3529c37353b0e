#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23c_min_static_method_call");
  Rng rng(23396);
  const int n = 20;
  std::vector<double> x = rng.vec(n), y = rng.vec(n), w = rng.vec(n);
  double D = 0.7;
  auto run = [&](const std::vector<double>& xv, double d) {
    DeviceArray<double> dx(xv), dy(y);
    CUAD_LAUNCH(k, 1, 32, dx.ptr, M{d}, dy.ptr, n);
    return dy.get();
  };
#if CUAD_OUTPUT == 1
  auto loss = [&] { return dot(w, run(x, D)); };
  DeviceArray<double> dx(x), dy(y), ax(zeros<double>(n)), ay(w);
  DeviceScalar<M> am(M{0.0});
  CUAD_GRAD(CUAD_LAUNCH(k_grad_0_1_2, 1, 32, dx.ptr, M{D}, dy.ptr, n, ax.ptr, am.ptr, ay.ptr));
  check.array("x", ax.get(), fd(x, loss));
  check.scalar("m.D", am.value().D, fd(D, loss));
  check.array("y (only written)", ay.get(), zeros<double>(n));
#else
  const std::vector<double> vx = rng.vec(n);
  const double vd = 0.4;
  auto outputs_at = [&](double t) { return run(along(x, t, vx), along(D, t, vd)); };
  DeviceArray<double> dx(x), dy(y), tx(vx), ty(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(k_pushforward, 1, 32, dx.ptr, M{D}, dy.ptr, n, tx.ptr, M{vd}, ty.ptr));
  check.array("y tangent", ty.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
