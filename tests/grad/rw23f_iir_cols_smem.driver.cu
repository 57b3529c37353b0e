#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23f_iir_cols_smem");
  Rng rng(23619);
  const int W = 13, H = 11;
  std::vector<double> img = rng.vec<double>(W * H, 0.0, 1.0), coef = rng.vec<double>(W, -1.0, 1.0);
  const std::vector<double> w = rng.vec<double>(W * H);
  const int blocks = (W + TX - 1) / TX;
  auto loss = [&] {
    DeviceArray<double> d_i(img), d_c(coef), d_o(zeros<double>(W * H));
    CUAD_LAUNCH(iir_columns, blocks, TX, d_i.ptr, d_c.ptr, W, H, d_o.ptr);
    return dot(w, d_o.get());
  };
  DeviceArray<double> d_i(img), d_c(coef), d_o(zeros<double>(W * H)), g_i(zeros<double>(W * H)),
      g_c(zeros<double>(W)), g_o(w);
  CUAD_GRAD(CUAD_LAUNCH(iir_columns_grad_0_1_4, blocks, TX, d_i.ptr, d_c.ptr, W, H, d_o.ptr, g_i.ptr, g_c.ptr,
                        g_o.ptr));
  check.array("img", g_i.get(), fd(img, loss));
  check.array("coef", g_c.get(), fd(coef, loss));
  check.array("out", g_o.get(), zeros<double>(W * H));
  return check.finish();
}
