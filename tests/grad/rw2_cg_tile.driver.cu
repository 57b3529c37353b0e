#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw2_cg_tile");
  const int rows = 7, cols = 21;
  Rng rng(235);
  std::vector<float> x = rng.vec<float>(rows * cols, -3.0, 3.0), out = rng.vec<float>(rows),
                     w = rng.vec<float>(rows);
  auto loss = [&] {
    DeviceArray<float> d_o(out), d_x(x);
    CUAD_LAUNCH(row_logsumexp, 2, 64, d_o.ptr, d_x.ptr, rows, cols);
    return dot(w, d_o.get());
  };
  DeviceArray<float> d_o(out), d_x(x), a_o(w), a_x(zeros<float>(rows * cols));
  CUAD_GRAD(CUAD_LAUNCH(row_logsumexp_grad_0_1, 2, 64, d_o.ptr, d_x.ptr, rows, cols, a_o.ptr,
                        a_x.ptr));
  check.array("out", a_o.get(), fd(out, loss));
  check.array("x", a_x.get(), fd(x, loss));
  return check.finish();
}
