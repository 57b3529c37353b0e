#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("hoist_loads");
  const int n = 96;
  Rng rng(5);
#if CUAD_OUTPUT == 1
  std::vector<double> in = rng.vec(n), out = rng.vec(2 * n), w = rng.vec(2 * n);
  double a = 0.8;
  auto loss = [&] {
    DeviceArray<double> d_out(out), d_in(in);
    CUAD_LAUNCH(moving_index, 2, 64, d_out.ptr, d_in.ptr, a, n);
    return dot(w, d_out.get());
  };
  DeviceArray<double> d_out(out), d_in(in), a_out(w), a_in(zeros<double>(n));
  DeviceScalar<double> a_a;
  CUAD_GRAD(CUAD_LAUNCH(moving_index_grad_0_1_2, 2, 64, d_out.ptr, d_in.ptr, a, n, a_out.ptr,
                        a_in.ptr, a_a.ptr));
  check.array("out", a_out.get(), fd(out, loss));
  check.array("in", a_in.get(), fd(in, loss));
  check.scalar("a", a_a.value(), fd(a, loss));
#elif CUAD_OUTPUT == 2
  std::vector<double> in = rng.vec(n), out = rng.vec(n), w1 = rng.vec(n), w2 = rng.vec(n);
  double wt = 0.3;
  auto loss = [&] {
    DeviceArray<double> d_out(out), d_in(in);
    CUAD_LAUNCH(long_span, 2, 64, d_out.ptr, d_in.ptr, wt, n);
    return dot(w1, d_out.get()) + dot(w2, d_in.get());
  };
  DeviceArray<double> d_out(out), d_in(in), a_out(w1), a_in(w2);
  DeviceScalar<double> a_w;
  CUAD_GRAD(CUAD_LAUNCH(long_span_grad_0_1_2, 2, 64, d_out.ptr, d_in.ptr, wt, n, a_out.ptr,
                        a_in.ptr, a_w.ptr));
  check.array("out", a_out.get(), fd(out, loss));
  check.array("in", a_in.get(), fd(in, loss));
  check.scalar("w", a_w.value(), fd(wt, loss));
#else
  std::vector<double> x = rng.vec(n), w = rng.vec(n);
  double a = 1.1;
  auto loss = [&] {
    DeviceArray<double> d_x(x);
    CUAD_LAUNCH(inplace_twice, 2, 64, d_x.ptr, a, n);
    return dot(w, d_x.get());
  };
  DeviceArray<double> d_x(x), a_x(w);
  DeviceScalar<double> a_a;
  CUAD_GRAD(CUAD_LAUNCH(inplace_twice_grad_0_1, 2, 64, d_x.ptr, a, n, a_x.ptr, a_a.ptr));
  check.array("x", a_x.get(), fd(x, loss));
  check.scalar("a", a_a.value(), fd(a, loss));
#endif
  return check.finish();
}
