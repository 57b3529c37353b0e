#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("cf_time_loop");
  const int n = 8;
  Rng rng(124);
  std::vector<double> k0 = rng.vec(n, 0.2, 1.5), out = rng.vec(n), w = rng.vec(n);
  double c = 0.4, dt = 0.0625, T = 1.03;
  auto loss = [&] {
    DeviceArray<double> d_out(out), d_k(k0);
    CUAD_LAUNCH(integrate, 1, 8, d_out.ptr, d_k.ptr, c, dt, T, n);
    return dot(w, d_out.get());
  };
  DeviceArray<double> d_out(out), d_k(k0), a_out(w), a_k(zeros<double>(n));
  DeviceScalar<double> a_c;
  CUAD_GRAD(CUAD_LAUNCH(integrate_grad_0_1_2, 1, 8, d_out.ptr, d_k.ptr, c, dt, T, n, a_out.ptr,
                        a_k.ptr, a_c.ptr));
  check.array("out", a_out.get(), fd(out, loss));
  check.array("k0", a_k.get(), fd(k0, loss));
  check.scalar("c", a_c.value(), fd(c, loss));
  return check.finish();
}
