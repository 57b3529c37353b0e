#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("broadcast");
  const int n = 100;
  Rng rng(14);
  std::vector<double> in = rng.vec(n), out = rng.vec(n), w = rng.vec(n), b = rng.vec(2);
  auto loss = [&] {
    DeviceArray<double> d_out(out), d_in(in), d_b(b);
    CUAD_LAUNCH(broadcast_mul, 2, 64, d_out.ptr, d_in.ptr, d_b.ptr, n);
    return dot(w, d_out.get());
  };
  DeviceArray<double> d_out(out), d_in(in), d_b(b), a_out(w), a_in(zeros<double>(n)),
      a_b(zeros<double>(2));
  CUAD_GRAD(CUAD_LAUNCH(broadcast_mul_grad_0_1_2, 2, 64, d_out.ptr, d_in.ptr, d_b.ptr, n, a_out.ptr,
                        a_in.ptr, a_b.ptr));
  check.array("out", a_out.get(), fd(out, loss));
  check.array("in", a_in.get(), fd(in, loss));
  check.array("b", a_b.get(), fd(b, loss));
  return check.finish();
}
