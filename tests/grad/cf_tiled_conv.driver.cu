#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("cf_tiled_conv");
  const int n = 75;
  Rng rng(107);
  std::vector<double> in = rng.vec(n), wts = rng.vec(2 * R + 1), out = rng.vec(n), w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> d_out(out), d_in(in), d_w(wts);
    CUAD_LAUNCH(conv_tiles, 2, TILE, d_out.ptr, d_in.ptr, d_w.ptr, n);
    return dot(w, d_out.get());
  };
  DeviceArray<double> d_out(out), d_in(in), d_w(wts), a_out(w), a_in(zeros<double>(n)),
      a_w(zeros<double>(2 * R + 1));
  CUAD_GRAD(CUAD_LAUNCH(conv_tiles_grad_0_1_2, 2, TILE, d_out.ptr, d_in.ptr, d_w.ptr, n, a_out.ptr,
                        a_in.ptr, a_w.ptr));
  check.array("out", a_out.get(), fd(out, loss));
  check.array("in", a_in.get(), fd(in, loss));
  check.array("wts", a_w.get(), fd(wts, loss));
  return check.finish();
}
