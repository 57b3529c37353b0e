#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("fuzz_scalar_param_overwrite");
  const int n = 70;
  Rng rng(4020);
  std::vector<double> x = rng.vec(n), out = rng.vec(n);
  double a = 0.8, b = 0.6;
#if CUAD_OUTPUT == 1
  std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> d_x(x), d_out(out);
    CUAD_LAUNCH(k, 3, 32, n, d_x.ptr, d_out.ptr, a, b);
    return dot(w, d_out.get());
  };
  DeviceArray<double> d_x(x), d_out(out), a_x(zeros<double>(n)), a_out(w);
  DeviceScalar<double> a_a(0), a_b(0);
  CUAD_GRAD(CUAD_LAUNCH(k_grad_1_2_3_4, 3, 32, n, d_x.ptr, d_out.ptr, a, b, a_x.ptr, a_out.ptr,
                        a_a.ptr, a_b.ptr));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("out", a_out.get(), fd(out, loss));
  check.scalar("a", a_a.value(), fd(a, loss));
  check.scalar("b", a_b.value(), fd(b, loss));
#else
  std::vector<double> vx = rng.vec(n), vout = rng.vec(n);
  const double va = 0.3, vb = -0.7;
  auto outputs_at = [&](double t) {
    DeviceArray<double> d_x(along(x, t, vx)), d_out(along(out, t, vout));
    CUAD_LAUNCH(k, 3, 32, n, d_x.ptr, d_out.ptr, along(a, t, va), along(b, t, vb));
    return as_doubles(d_out.get());
  };
  DeviceArray<double> d_x(x), d_out(out), t_x(vx), t_out(vout);
  CUAD_GRAD(CUAD_LAUNCH(k_pushforward, 3, 32, n, d_x.ptr, d_out.ptr, a, b, t_x.ptr, t_out.ptr, va,
                        vb));
  check.array("out", t_out.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
