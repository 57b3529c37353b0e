#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("cf_break_continue");
  const int n = 20, m = 8;
  Rng rng(101);
  std::vector<double> x = rng.vec(n * m, -1.5, 1.5), out = rng.vec(n), w = rng.vec(n);
  // keep away from the |v| < 0.3 kink
  for (auto& v : x) if (fabs(fabs(v) - 0.3) < 0.02) v += 0.05;
  double c = 0.8;
  auto loss = [&] {
    DeviceArray<double> d_out(out), d_x(x);
    CUAD_LAUNCH(accum_until, 1, 32, d_out.ptr, d_x.ptr, c, n, m);
    return dot(w, d_out.get());
  };
  DeviceArray<double> d_out(out), d_x(x), a_out(w), a_x(zeros<double>(n * m));
  DeviceScalar<double> a_c;
  CUAD_GRAD(CUAD_LAUNCH(accum_until_grad_0_1_2, 1, 32, d_out.ptr, d_x.ptr, c, n, m, a_out.ptr,
                        a_x.ptr, a_c.ptr));
  check.array("out", a_out.get(), fd(out, loss));
  check.array("x", a_x.get(), fd(x, loss));
  check.scalar("c", a_c.value(), fd(c, loss));
  return check.finish();
}
