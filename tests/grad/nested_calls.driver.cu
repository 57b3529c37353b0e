#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("nested_calls");
  const int n = 100;
  Rng rng(11);
  std::vector<double> in = rng.vec(n), out = rng.vec(n), w = rng.vec(n);
  double val = 0.8;
  auto loss = [&] {
    DeviceArray<double> d_out(out), d_in(in);
    CUAD_LAUNCH(nested_call, 2, 64, d_out.ptr, d_in.ptr, val, n);
    return dot(w, d_out.get());
  };
  DeviceArray<double> d_out(out), d_in(in), a_out(w), a_in(zeros<double>(n));
  DeviceScalar<double> a_val;
  CUAD_GRAD(CUAD_LAUNCH(nested_call_grad_0_1_2, 2, 64, d_out.ptr, d_in.ptr, val, n, a_out.ptr,
                        a_in.ptr, a_val.ptr));
  check.array("out", a_out.get(), fd(out, loss));
  check.array("in", a_in.get(), fd(in, loss));
  check.scalar("val", a_val.value(), fd(val, loss));
  return check.finish();
}
