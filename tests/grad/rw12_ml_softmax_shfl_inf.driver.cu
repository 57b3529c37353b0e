#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw12_ml_softmax_shfl_inf");
  const int rows = 5, C = 20, block = 64, grid = (rows * 32 + block - 1) / block;  // 1 idle warp
  Rng rng(12011);
  std::vector<float> in = rng.vec<float>(rows * C, -2.0, 2.0), out = zeros<float>(rows * C),
                     w = rng.vec<float>(rows * C);
  auto loss = [&] {
    DeviceArray<float> o(out), x(in);
    CUAD_LAUNCH(softmax_warp_row<float>, grid, block, o.ptr, x.ptr, rows, C);
    return dot(w, o.get());
  };
  DeviceArray<float> o(out), x(in), a_o(w), a_x(zeros<float>(rows * C));
  CUAD_GRAD(CUAD_LAUNCH(softmax_warp_row_grad_0_1<float>, grid, block, o.ptr, x.ptr, rows, C,
                        a_o.ptr, a_x.ptr));
  check.array("in", a_x.get(), fd(in, loss));
  check.array("out", a_o.get(), fd(out, loss));
  return check.finish();
}
