#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("device_call");
  const int n = 100;
  Rng rng(8);
  std::vector<double> in = rng.vec(n), out = rng.vec(n), w = rng.vec(n);
  double c = 1.3;
  auto loss = [&] {
    DeviceArray<double> d_out(out), d_in(in);
    CUAD_LAUNCH(apply_poly, 2, 64, d_out.ptr, d_in.ptr, c, n);
    return dot(w, d_out.get());
  };
  DeviceArray<double> d_out(out), d_in(in), a_out(w), a_in(zeros<double>(n));
  DeviceScalar<double> a_c;
  CUAD_GRAD(CUAD_LAUNCH(apply_poly_grad_0_1_2, 2, 64, d_out.ptr, d_in.ptr, c, n, a_out.ptr,
                        a_in.ptr, a_c.ptr));
  check.array("out", a_out.get(), fd(out, loss));
  check.array("in", a_in.get(), fd(in, loss));
  check.scalar("c", a_c.value(), fd(c, loss));
  return check.finish();
}
