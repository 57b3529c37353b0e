#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw2_median_filter");
  const int H = 6, W = 7, n = H * W;
  Rng rng(220);
  std::vector<double> in = rng.vec(n), out = rng.vec(n), w = rng.vec(n);
  dim3 block(4, 4), grid(2, 2);
  auto loss = [&] {
    DeviceArray<double> d_o(out), d_i(in);
    CUAD_LAUNCH(median3x3, grid, block, d_o.ptr, d_i.ptr, H, W);
    return dot(w, d_o.get());
  };
  DeviceArray<double> d_o(out), d_i(in), a_o(w), a_i(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(median3x3_grad_0_1, grid, block, d_o.ptr, d_i.ptr, H, W, a_o.ptr, a_i.ptr));
  check.array("out", a_o.get(), fd(out, loss));
  check.array("in", a_i.get(), fd(in, loss));
  return check.finish();
}
