#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("grid_stride");
  const int n = 300;
  Rng rng(18);
  std::vector<double> in = rng.vec(n), out = rng.vec(n), w = rng.vec(n);
  double a = -0.6;
  auto loss = [&] {
    DeviceArray<double> d_out(out), d_in(in);
    CUAD_LAUNCH(stride_update, 2, 64, d_out.ptr, d_in.ptr, a, n);
    return dot(w, d_out.get());
  };
  DeviceArray<double> d_out(out), d_in(in), a_out(w), a_in(zeros<double>(n));
  DeviceScalar<double> a_a;
  CUAD_GRAD(CUAD_LAUNCH(stride_update_grad_0_1_2, 2, 64, d_out.ptr, d_in.ptr, a, n, a_out.ptr,
                        a_in.ptr, a_a.ptr));
  check.array("out", a_out.get(), fd(out, loss));
  check.array("in", a_in.get(), fd(in, loss));
  check.scalar("a", a_a.value(), fd(a, loss));
  return check.finish();
}
