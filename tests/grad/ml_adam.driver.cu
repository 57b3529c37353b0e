#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("ml_adam");
  const int n = 50, step = 3;
  Rng rng(213);
  std::vector<float> p = rng.vec<float>(n), m = rng.vec<float>(n, -0.5, 0.5), v = rng.vec<float>(n, 0.2, 1.0),
                     g = rng.vec<float>(n), wp = rng.vec<float>(n), wm = rng.vec<float>(n), wv = rng.vec<float>(n);
  float lr = 0.3f, b1 = 0.9f, b2 = 0.99f, eps = 1e-3f, wd = 0.05f;
  auto loss = [&] {
    DeviceArray<float> d_p(p), d_m(m), d_v(v), d_g(g);
    CUAD_LAUNCH(adam_step, 2, 32, d_p.ptr, d_m.ptr, d_v.ptr, d_g.ptr, lr, b1, b2, eps, wd, step, n);
    return dot(wp, d_p.get()) + dot(wm, d_m.get()) + dot(wv, d_v.get());
  };
  DeviceArray<float> d_p(p), d_m(m), d_v(v), d_g(g), a_p(wp), a_m(wm), a_v(wv), a_g(zeros<float>(n));
  DeviceScalar<float> a_lr;
  CUAD_GRAD(CUAD_LAUNCH(adam_step_grad_0_1_2_3_4, 2, 32, d_p.ptr, d_m.ptr, d_v.ptr, d_g.ptr, lr, b1, b2, eps, wd,
                        step, n, a_p.ptr, a_m.ptr, a_v.ptr, a_g.ptr, a_lr.ptr));
  check.array("p", a_p.get(), fd(p, loss));
  check.array("m", a_m.get(), fd(m, loss));
  check.array("v", a_v.get(), fd(v, loss));
  check.array("g", a_g.get(), fd(g, loss));
  check.scalar("lr", a_lr.value(), fd(lr, loss));
  return check.finish();
}
