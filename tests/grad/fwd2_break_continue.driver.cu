#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("fwd2_break_continue");
  const int n = 60, m = 9;
  Rng rng(103);
  std::vector<double> x = rng.vec(n, -2.0, 2.0), vx = rng.vec(n), w = rng.vec(4, 0.2, 1.0),
                      vw = rng.vec(4), out0 = zeros<double>(n);
  double lo = -0.6, vlo = 0.3, hi = 1.4, vhi = -0.5;
  // stay away from the kinks: |x + 1.5| and the clamp/abs/break thresholds are checked by
  // the selftest's h/2h comparison
  auto outputs_at = [&](double t) {
    DeviceArray<double> dx(along(x, t, vx)), dw(along(w, t, vw)), dout(out0);
    CUAD_LAUNCH(clipped_poly, 2, 32, n, m, dx.ptr, dw.ptr, along(lo, t, vlo), along(hi, t, vhi),
                dout.ptr);
    return as_doubles(dout.get());
  };
  DeviceArray<double> dx(x), d_x(vx), dw(w), d_w(vw), dout(out0), d_out(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(clipped_poly_pushforward, 2, 32, n, m, dx.ptr, dw.ptr, lo, hi, dout.ptr,
                        d_x.ptr, d_w.ptr, vlo, vhi, d_out.ptr));
  check.array("out", d_out.get(), directional_fd<double>(outputs_at));
  return check.finish();
}
