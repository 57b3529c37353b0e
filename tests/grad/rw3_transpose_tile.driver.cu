#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw3_transpose_tile");
  const int rows = 20, cols = 27;
  Rng rng(3128);
  std::vector<float> in = rng.vec<float>(rows * cols, -2.0, 2.0), beta = rng.vec<float>(cols, 0.5, 2.0),
                     w = rng.vec<float>(rows * cols);
  dim3 block(16, 4), grid((cols + 15) / 16, (rows + 15) / 16);
  auto loss = [&] {
    DeviceArray<float> d_in(in), d_b(beta), d_o(rows * cols, 0.f);
    CUAD_LAUNCH(transpose_softplus<16>, grid, block, d_in.ptr, d_b.ptr, d_o.ptr, rows, cols);
    return dot(w, d_o.get());
  };
  DeviceArray<float> d_in(in), d_b(beta), d_o(rows * cols, 0.f), a_in(zeros<float>(rows * cols)),
      a_b(zeros<float>(cols)), a_o(w);
  CUAD_GRAD(CUAD_LAUNCH(transpose_softplus_grad_0_1_2<16>, grid, block, d_in.ptr, d_b.ptr, d_o.ptr, rows,
                        cols, a_in.ptr, a_b.ptr, a_o.ptr));
  check.array("in", a_in.get(), fd(in, loss));
  check.array("beta", a_b.get(), fd(beta, loss));
  check.array("out", a_o.get(), std::vector<double>(rows * cols, 0.0));
  return check.finish();
}
