#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("fuzz_branch_ref_call");
  const int n = 70;
  Rng rng(10);
  std::vector<double> x = rng.vec(n), y = rng.vec(n), out = rng.vec(n), w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> d_x(x), d_y(y), d_out(out);
    CUAD_LAUNCH(k, 3, 32, n, d_x.ptr, d_y.ptr, d_out.ptr);
    return dot(w, d_out.get());
  };
  DeviceArray<double> d_x(x), d_y(y), d_out(out);
  DeviceArray<double> a_x(zeros<double>(n)), a_y(zeros<double>(n)), a_out(w);
  CUAD_GRAD(CUAD_LAUNCH(k_grad_1_2_3, 3, 32, n, d_x.ptr, d_y.ptr, d_out.ptr, a_x.ptr, a_y.ptr,
                        a_out.ptr));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("y", a_y.get(), fd(y, loss));
  check.array("out", a_out.get(), fd(out, loss));
  return check.finish();
}
