#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("fwd_loop_branch");
  const int n = 40, m = 6;
  Rng rng(7);
  std::vector<double> x = rng.vec(n), c = rng.vec(m, 0.1, 0.4), vx = rng.vec(n), vc = rng.vec(m),
                      out0 = zeros<double>(n);
  auto outputs_at = [&](double t) {
    DeviceArray<double> dx(along(x, t, vx)), dc(along(c, t, vc)), dout(out0);
    CUAD_LAUNCH(k, 1, 64, n, m, dx.ptr, dc.ptr, dout.ptr);
    return as_doubles(dout.get());
  };
  DeviceArray<double> dx(x), dc(c), d_x(vx), d_c(vc), dout(out0), d_out(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(k_pushforward, 1, 64, n, m, dx.ptr, dc.ptr, dout.ptr, d_x.ptr, d_c.ptr,
                        d_out.ptr));
  check.array("out", d_out.get(), directional_fd<double>(outputs_at));
  return check.finish();
}
