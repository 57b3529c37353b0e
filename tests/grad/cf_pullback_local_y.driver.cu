#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("cf_pullback_local_y");
  const int n = 10;
  Rng rng(118);
  std::vector<double> in = rng.vec(n), out = rng.vec(n), w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> d_out(out), d_in(in);
    CUAD_LAUNCH(apply_y, 1, 16, d_out.ptr, d_in.ptr, n);
    return dot(w, d_out.get());
  };
  DeviceArray<double> d_out(out), d_in(in), a_out(w), a_in(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(apply_y_grad_0_1, 1, 16, d_out.ptr, d_in.ptr, n, a_out.ptr, a_in.ptr));
  check.array("out", a_out.get(), fd(out, loss));
  check.array("in", a_in.get(), fd(in, loss));
  return check.finish();
}
