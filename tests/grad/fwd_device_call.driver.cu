#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("fwd_device_call");
  const int n = 70;
  Rng rng(3);
  std::vector<double> x = rng.vec(n), vx = rng.vec(n), out0 = zeros<double>(n);
  double p = 0.8, vp = -0.6;
  auto outputs_at = [&](double t) {
    DeviceArray<double> dx(along(x, t, vx)), dout(out0);
    CUAD_LAUNCH(k, 2, 64, n, dx.ptr, along(p, t, vp), dout.ptr);
    return as_doubles(dout.get());
  };
  DeviceArray<double> dx(x), d_x(vx), dout(out0), d_out(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(k_pushforward, 2, 64, n, dx.ptr, p, dout.ptr, d_x.ptr, vp, d_out.ptr));
  check.array("out", d_out.get(), directional_fd<double>(outputs_at));
  return check.finish();
}
