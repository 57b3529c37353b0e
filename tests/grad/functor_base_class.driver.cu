#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

#if CUAD_OUTPUT == 1 || CUAD_OUTPUT == 5
using Op = Scale;
static Op make_op(double p) {
  Scale s;
  s.s = p;
  return s;
}
static double param(const Op& op) { return op.s; }
#elif CUAD_OUTPUT == 3
using Op = Cube;
static Op make_op(double) { return Cube{}; }
#else
using Op = Softplus;
static Op make_op(double p) {
  Softplus s;
  s.beta = p;
  return s;
}
static double param(const Op& op) { return op.beta; }
#endif

int main() {
  Checker check("functor_base_class");
  const int n = 40;
  Rng rng(3141);
  std::vector<double> x = rng.vec(n, -1.5, 1.5), y = rng.vec(n), w = rng.vec(n);
  std::vector<double> p = {1.7};
  auto run = [&](const std::vector<double>& xv, double pv) {
    DeviceArray<double> dx(xv), dy(y);
    CUAD_LAUNCH(apply<Op>, 2, 32, dx.ptr, dy.ptr, make_op(pv), n);
    return dy.get();
  };
  DeviceArray<double> dx(x), dy(y);
  const Op op = make_op(p[0]);
#if CUAD_OUTPUT == 1 || CUAD_OUTPUT == 2
  auto loss = [&] { return dot(w, run(x, p[0])); };
  DeviceArray<double> a_x(zeros<double>(n)), a_y(w);
  DeviceScalar<Op> a_op(make_op(0.0));
  CUAD_GRAD(CUAD_LAUNCH(apply_grad_0_1_2<Op>, 2, 32, dx.ptr, dy.ptr, op, n, a_x.ptr, a_y.ptr, a_op.ptr));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("op", std::vector<double>{param(a_op.value())}, fd(p, loss));
  check.array("y (only written)", a_y.get(), std::vector<double>(n, 0.0));
#elif CUAD_OUTPUT == 3
  auto loss = [&] { return dot(w, run(x, 0.0)); };
  DeviceArray<double> a_x(zeros<double>(n)), a_y(w);
  CUAD_GRAD(CUAD_LAUNCH(apply_grad_0_1<Op>, 2, 32, dx.ptr, dy.ptr, op, n, a_x.ptr, a_y.ptr));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("y (only written)", a_y.get(), std::vector<double>(n, 0.0));
#else
  std::vector<double> vx = rng.vec(n);
  const double vp = 0.6;
  auto outputs_at = [&](double t) { return run(along(x, t, vx), along(p[0], t, vp)); };
  DeviceArray<double> t_x(vx), t_y(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(apply_pushforward<Op>, 2, 32, dx.ptr, dy.ptr, op, n, t_x.ptr, t_y.ptr,
                        make_op(vp)));
  check.array("y", t_y.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
