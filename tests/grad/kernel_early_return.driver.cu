#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("kernel_early_return");
  const int n = 100;
  Rng rng(19);
  std::vector<double> in = rng.vec(n), out = rng.vec(n), w = rng.vec(n);
  for (auto& v : in) v += v > 0 ? 0.01 : -0.01;  // keep away from the kink
  double slope = 0.2;
  auto loss = [&] {
    DeviceArray<double> d_out(out), d_in(in);
    CUAD_LAUNCH(leaky, 2, 64, d_out.ptr, d_in.ptr, slope, n);
    return dot(w, d_out.get());
  };
  DeviceArray<double> d_out(out), d_in(in), a_out(w), a_in(zeros<double>(n));
  DeviceScalar<double> a_slope;
  CUAD_GRAD(CUAD_LAUNCH(leaky_grad_0_1_2, 2, 64, d_out.ptr, d_in.ptr, slope, n, a_out.ptr,
                        a_in.ptr, a_slope.ptr));
  check.array("out", a_out.get(), fd(out, loss));
  check.array("in", a_in.get(), fd(in, loss));
  check.scalar("slope", a_slope.value(), fd(slope, loss));
  return check.finish();
}
