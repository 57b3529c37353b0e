#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("fwd_pointers");
  const int n = 50;
  Rng rng(31);
  std::vector<double> x = rng.vec(n, -1.5, 1.5), w = rng.vec(3), vx = rng.vec(n), vw = rng.vec(3),
                      out0 = zeros<double>(n);
  auto outputs_at = [&](double t) {
    DeviceArray<double> dx(along(x, t, vx)), dw(along(w, t, vw)), dout(out0);
    CUAD_LAUNCH(k, 1, 64, n, dx.ptr, dw.ptr, dout.ptr);
    return as_doubles(dout.get());
  };
  DeviceArray<double> dx(x), dw(w), d_x(vx), d_w(vw), dout(out0), d_out(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(k_pushforward, 1, 64, n, dx.ptr, dw.ptr, dout.ptr, d_x.ptr, d_w.ptr,
                        d_out.ptr));
  check.array("out", d_out.get(), directional_fd<double>(outputs_at));
  return check.finish();
}
