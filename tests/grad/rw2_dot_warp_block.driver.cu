#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw2_dot_warp_block");
  const int n = 700;
  Rng rng(225);
  std::vector<double> a = rng.vec(n), b = rng.vec(n);
  double r0 = 0.4;
  auto loss = [&] {
    DeviceArray<double> d_a(a), d_b(b);
    DeviceScalar<double> d_r(r0);
    CUAD_LAUNCH(dot_many<128>, 3, 128, d_r.ptr, d_a.ptr, d_b.ptr, n);
    return -1.3 * d_r.value();
  };
  DeviceArray<double> d_a(a), d_b(b), a_a(zeros<double>(n)), a_b(zeros<double>(n));
  DeviceScalar<double> d_r(r0), a_r(-1.3);
  CUAD_GRAD(CUAD_LAUNCH(dot_many_grad_0_1_2<128>, 3, 128, d_r.ptr, d_a.ptr, d_b.ptr, n, a_r.ptr,
                        a_a.ptr, a_b.ptr));
  check.scalar("res", a_r.value(), fd(r0, loss));
  check.array("a", a_a.get(), fd(a, loss));
  check.array("b", a_b.get(), fd(b, loss));
  return check.finish();
}
