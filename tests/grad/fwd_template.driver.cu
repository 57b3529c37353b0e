#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("fwd_template");
  const int n = 40;
  Rng rng(41);
  std::vector<double> x = rng.vec(n), vx = rng.vec(n), out0 = zeros<double>(n);
  double a = 0.9, va = 0.4;
  auto outputs_at = [&](double t) {
    DeviceArray<double> dx(along(x, t, vx)), dout(out0);
    CUAD_LAUNCH((scale_pow<double, 3>), 1, 64, n, dx.ptr, along(a, t, va), dout.ptr);
    return as_doubles(dout.get());
  };
  DeviceArray<double> dx(x), d_x(vx), dout(out0), d_out(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH((scale_pow_pushforward<double, 3>), 1, 64, n, dx.ptr, a, dout.ptr,
                        d_x.ptr, va, d_out.ptr));
  check.array("out", d_out.get(), directional_fd<double>(outputs_at));
  return check.finish();
}
