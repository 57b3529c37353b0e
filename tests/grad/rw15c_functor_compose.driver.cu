#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

using Op = Compose<Affine, Softplus>;

int main() {
  Checker check("rw15c_functor_compose");
  const int n = 150;  // 2 blocks x 32 threads x 4 items = 256 slots: a partial tail
  Rng rng(15004);
  std::vector<double> x = rng.vec(n, -2.0, 2.0), w = rng.vec(n);
  std::vector<double> p = {1.3, -0.2, 0.8};  // a, b, beta
  auto make = [](const std::vector<double>& q) { return Op{Affine{q[0], q[1]}, Softplus{q[2]}}; };
  auto run = [&](const std::vector<double>& q, const std::vector<double>& xs) {
    DeviceArray<double> dx(xs), dy(n, 0.0);
    CUAD_LAUNCH((map_items<Op, 4>), 2, 32, make(q), dx.ptr, dy.ptr, n);
    return dy.get();
  };
#if CUAD_OUTPUT == 1
  auto loss = [&] { return dot(w, run(p, x)); };
  DeviceArray<double> dx(x), dy(n, 0.0), ax(zeros<double>(n)), ay(w);
  DeviceScalar<Op> aop(Op{Affine{0.0, 0.0}, Softplus{0.0}});
  CUAD_GRAD(CUAD_LAUNCH((map_items_grad_0_1_2<Op, 4>), 2, 32, make(p), dx.ptr, dy.ptr, n, aop.ptr,
                        ax.ptr, ay.ptr));
  Op g = aop.value();
  check.array("op", std::vector<double>{g.f.a, g.f.b, g.g.beta}, fd(p, loss));
  check.array("x", ax.get(), fd(x, loss));
  check.array("y", ay.get(), zeros<double>(n));
#else
  std::vector<double> vp = {0.5, -0.7, 0.3}, vx = rng.vec(n);
  auto outputs_at = [&](double t) { return run(along(p, t, vp), along(x, t, vx)); };
  DeviceArray<double> dx(x), dy(n, 0.0), tx(vx), ty(n, 0.0);
  CUAD_GRAD(CUAD_LAUNCH((map_items_pushforward<Op, 4>), 2, 32, make(p), dx.ptr, dy.ptr, n,
                        make(vp), tx.ptr, ty.ptr));
  check.array("y", ty.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
