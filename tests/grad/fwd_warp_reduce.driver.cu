#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("fwd_warp_reduce");
  const int n = 90;
  Rng rng(17);
  std::vector<double> x = rng.vec(n), y = rng.vec(n), vx = rng.vec(n), vy = rng.vec(n),
                      out0 = zeros<double>(n);
  auto outputs_at = [&](double t) {
    DeviceArray<double> dx(along(x, t, vx)), dy(along(y, t, vy)), dout(out0);
    CUAD_LAUNCH(warp_dot, 2, 64, n, dx.ptr, dy.ptr, dout.ptr);
    return as_doubles(dout.get());
  };
  DeviceArray<double> dx(x), dy(y), d_x(vx), d_y(vy), dout(out0), d_out(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(warp_dot_pushforward, 2, 64, n, dx.ptr, dy.ptr, dout.ptr, d_x.ptr,
                        d_y.ptr, d_out.ptr));
  check.array("out", d_out.get(), directional_fd<double>(outputs_at));
  return check.finish();
}
