#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;
int main() {
  Checker check("functor_member_call");
  const int n = 16;
  Rng rng(1);
  std::vector<double> x = rng.vec(n), y0 = zeros<double>(n), w = rng.vec(n);
  Wrap op{Sq{1.3}};
  auto run = [&](const std::vector<double>& xx) {
    DeviceArray<double> dx(xx), dy(y0);
    CUAD_LAUNCH(k, 1, n, dx.ptr, dy.ptr, op);
    return dy.get();
  };
#if CUAD_OUTPUT == 1
  auto loss = [&] { return dot(w, run(x)); };
  DeviceArray<double> dx(x), dy(y0), ax(zeros<double>(n)), ay(w);
  CUAD_GRAD(CUAD_LAUNCH(k_grad_0_1, 1, n, dx.ptr, dy.ptr, op, ax.ptr, ay.ptr));
  check.array("x", ax.get(), fd(x, loss));
#else
  std::vector<double> vx = rng.vec(n);
  auto outputs_at = [&](double t) { return run(along(x, t, vx)); };
  DeviceArray<double> dx(x), dy(y0), tx(vx), ty(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(k_pushforward, 1, n, dx.ptr, dy.ptr, op, tx.ptr, ty.ptr, Wrap{Sq{0.0}}));
  check.array("y", ty.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
