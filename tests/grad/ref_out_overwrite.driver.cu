#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("ref_out_overwrite");
  const int n = 70;
  Rng rng(21);
  std::vector<double> in = rng.vec(2 * n, -1.5, 1.5), out = rng.vec(n), w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> d_out(out), d_in(in);
    CUAD_LAUNCH(ref_twice, 2, 64, d_out.ptr, d_in.ptr, n);
    return dot(w, d_out.get());
  };
  DeviceArray<double> d_out(out), d_in(in), a_out(w), a_in(zeros<double>(2 * n));
  CUAD_GRAD(CUAD_LAUNCH(ref_twice_grad_0_1, 2, 64, d_out.ptr, d_in.ptr, n, a_out.ptr, a_in.ptr));
  check.array("out", a_out.get(), fd(out, loss));
  check.array("in", a_in.get(), fd(in, loss));
  return check.finish();
}
