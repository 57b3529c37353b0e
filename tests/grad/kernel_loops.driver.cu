#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("kernel_loops");
  const int n = 100;
  Rng rng(44);
  std::vector<double> in = rng.vec(n, 0.1, 2.0), out = rng.vec(n), w = rng.vec(n);
  double c = 0.37;
  auto loss = [&] {
    DeviceArray<double> d_out(out), d_in(in);
    CUAD_LAUNCH(iterate, 2, 64, d_out.ptr, d_in.ptr, c, n);
    return dot(w, d_out.get());
  };
  DeviceArray<double> d_out(out), d_in(in), a_out(w), a_in(zeros<double>(n));
  DeviceScalar<double> a_c;
  CUAD_GRAD(CUAD_LAUNCH(iterate_grad_0_1_2, 2, 64, d_out.ptr, d_in.ptr, c, n, a_out.ptr, a_in.ptr,
                        a_c.ptr));
  check.array("out", a_out.get(), fd(out, loss));
  check.array("in", a_in.get(), fd(in, loss));
  check.scalar("c", a_c.value(), fd(c, loss));
  return check.finish();
}
