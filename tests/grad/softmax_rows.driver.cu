#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("softmax_rows");
  const int rows = 40, cols = 6, n = rows * cols;
  Rng rng(35);
  std::vector<double> in = rng.vec(n, -2, 2), out = rng.vec(n), w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> d_out(out), d_in(in);
    CUAD_LAUNCH(softmax_rows, 2, 32, d_out.ptr, d_in.ptr, rows, cols);
    return dot(w, d_out.get());
  };
  DeviceArray<double> d_out(out), d_in(in), a_out(w), a_in(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(softmax_rows_grad_0_1, 2, 32, d_out.ptr, d_in.ptr, rows, cols, a_out.ptr,
                        a_in.ptr));
  check.array("out", a_out.get(), fd(out, loss));
  check.array("in", a_in.get(), fd(in, loss));
  return check.finish();
}
