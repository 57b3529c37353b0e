#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("cf_return_in_loop");
  const int n = 24, m = 6;
  Rng rng(117);
  std::vector<double> x = rng.vec(n * m, -0.8, 0.8), out = rng.vec(n), w = rng.vec(n);
  double g = 0.9;
  auto loss = [&] {
    DeviceArray<double> d_out(out), d_x(x);
    CUAD_LAUNCH(first_hit, 1, 32, d_out.ptr, d_x.ptr, g, n, m);
    return dot(w, d_out.get());
  };
  DeviceArray<double> d_out(out), d_x(x), a_out(w), a_x(zeros<double>(n * m));
  DeviceScalar<double> a_g;
  CUAD_GRAD(CUAD_LAUNCH(first_hit_grad_0_1_2, 1, 32, d_out.ptr, d_x.ptr, g, n, m, a_out.ptr,
                        a_x.ptr, a_g.ptr));
  check.array("out", a_out.get(), fd(out, loss));
  check.array("x", a_x.get(), fd(x, loss));
  check.scalar("g", a_g.value(), fd(g, loss));
  return check.finish();
}
