#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("fwd2_struct_methods");
  const int n = 40;
  Rng rng(111);
  std::vector<double> x = rng.vec(n, -1.5, 1.5), vx = rng.vec(n), out0 = zeros<double>(n);
  for (auto& v : x)
    if (std::fabs(v) < 0.05) v = 0.3;  // away from the kink of pick at 0
  double a = 0.7, va = 0.45;
  auto outputs_at = [&](double t) {
    DeviceArray<double> dx(along(x, t, vx)), dout(out0);
    CUAD_LAUNCH(k, 2, 32, n, dx.ptr, along(a, t, va), dout.ptr);
    return as_doubles(dout.get());
  };
  DeviceArray<double> dx(x), d_x(vx), dout(out0), d_out(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(k_pushforward, 2, 32, n, dx.ptr, a, dout.ptr, d_x.ptr, va, d_out.ptr));
  check.array("out", d_out.get(), directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  check.array("out (primal)", as_doubles(dout.get()), outputs_at(0.0));
#endif
  return check.finish();
}
