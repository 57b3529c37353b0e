#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw12_ml_softmax_causal_reg");
  const int COLS = 4 * 32, T = 3, rows = 7, past = 70;  // queries 70..72 of 128 keys
  const int block = 64, grid = (rows + 1) / 2;  // 2 warps per block, one idle
  Rng rng(12004);
  std::vector<double> in = rng.vec(rows * COLS, -2.0, 2.0), out = zeros<double>(rows * COLS),
                      w = rng.vec(rows * COLS);
  double scale = 0.8;
  auto loss = [&] {
    DeviceArray<double> o(out), x(in);
    CUAD_LAUNCH(scaled_causal_softmax<4>, grid, block, o.ptr, x.ptr, scale, rows, T, past);
    return dot(w, o.get());
  };
  DeviceArray<double> o(out), x(in), a_o(w), a_x(zeros<double>(rows * COLS));
  DeviceScalar<double> a_s(0.0);
  CUAD_GRAD(CUAD_LAUNCH(scaled_causal_softmax_grad_0_1_2<4>, grid, block, o.ptr, x.ptr, scale,
                        rows, T, past, a_o.ptr, a_x.ptr, a_s.ptr));
  check.array("in", a_x.get(), fd(in, loss));
  check.scalar("scale", a_s.value(), fd(scale, loss));
  check.array("out", a_o.get(), fd(out, loss));
  return check.finish();
}
