#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("ml_softmax_block");
  const int rows = 3, cols = 50, n = rows * cols;
  Rng rng(205);
  std::vector<float> in = rng.vec<float>(n, -3, 3), out = rng.vec<float>(n), w = rng.vec<float>(n, -3, 3);
  auto loss = [&] {
    DeviceArray<float> d_out(out), d_in(in);
    CUAD_LAUNCH(softmax_fwd, rows, 32, d_out.ptr, d_in.ptr, cols);
    return dot(w, d_out.get());
  };
  DeviceArray<float> d_out(out), d_in(in), a_out(w), a_in(zeros<float>(n));
  CUAD_GRAD(CUAD_LAUNCH(softmax_fwd_grad_0_1, rows, 32, d_out.ptr, d_in.ptr, cols, a_out.ptr, a_in.ptr));
  check.array("out", a_out.get(), fd(out, loss));
  check.array("in", a_in.get(), fd(in, loss));
  return check.finish();
}
