#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("fwd_pointer_walk");
  const int n = 30;
  Rng rng(37);
  std::vector<double> x = rng.vec(n + 1), vx = rng.vec(n + 1), out0 = zeros<double>(n);
  auto outputs_at = [&](double t) {
    DeviceArray<double> dx(along(x, t, vx)), dout(out0);
    CUAD_LAUNCH(walk, 1, 32, n, dx.ptr, dout.ptr);
    return as_doubles(dout.get());
  };
  DeviceArray<double> dx(x), d_x(vx), dout(out0), d_out(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(walk_pushforward, 1, 32, n, dx.ptr, dout.ptr, d_x.ptr, d_out.ptr));
  check.array("out", d_out.get(), directional_fd<double>(outputs_at));
  return check.finish();
}
