#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("warp_scan_up");
  const int n = 90;  // the last warp is partly outside n
  Rng rng(53);
  std::vector<float> x = rng.vec<float>(n, -1.0f, 1.0f), out = rng.vec<float>(n),
                     w = rng.vec<float>(n);
  auto loss = [&] {
    DeviceArray<float> d_out(out), d_x(x);
    CUAD_LAUNCH(warp_scan, 2, 64, d_out.ptr, d_x.ptr, n);
    return dot(w, d_out.get());
  };
  DeviceArray<float> d_out(out), d_x(x), a_out(w), a_x(zeros<float>(n));
  CUAD_GRAD(CUAD_LAUNCH(warp_scan_grad_0_1, 2, 64, d_out.ptr, d_x.ptr, n, a_out.ptr, a_x.ptr));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("out", a_out.get(), fd(out, loss));
  return check.finish();
}
