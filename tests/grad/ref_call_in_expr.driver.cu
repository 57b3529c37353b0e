#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("ref_call_in_expr");
  const int n = 75;
  Rng rng(17);
  std::vector<double> in = rng.vec(n, -1, 1), out = rng.vec(2 * n), w = rng.vec(2 * n);
  auto loss = [&] {
    DeviceArray<double> d_out(out), d_in(in);
    CUAD_LAUNCH(refexpr, 2, 64, d_out.ptr, d_in.ptr, n);
    return dot(w, d_out.get());
  };
  DeviceArray<double> d_out(out), d_in(in), a_out(w), a_in(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(refexpr_grad_0_1, 2, 64, d_out.ptr, d_in.ptr, n, a_out.ptr, a_in.ptr));
  check.array("in", a_in.get(), fd(in, loss));
  check.array("out", a_out.get(), fd(out, loss));
  return check.finish();
}
