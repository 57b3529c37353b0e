#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24f_min_local_ptr_array");
  Rng rng(24104);
  const int h = 4, w = 3, n = h * w;
  std::vector<double> x = rng.vec(n), y0 = rng.vec(n);
  const std::vector<double> wt = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> d_x(x), d_y(y0);
    CUAD_LAUNCH(row_table, 1, 4, d_x.ptr, d_y.ptr, h, w);
    return dot(wt, d_y.get());
  };
  DeviceArray<double> d_x(x), d_y(y0), g_x(zeros<double>(n)), g_y(wt);
  CUAD_GRAD(CUAD_LAUNCH(row_table_grad_0_1, 1, 4, d_x.ptr, d_y.ptr, h, w, g_x.ptr, g_y.ptr));
  std::vector<double> gy(n, 0.0);
  for (int j = 0; j < w; ++j) gy[(h - 1) * w + j] = wt[(h - 1) * w + j];  // last row never written
  check.array("x", g_x.get(), fd(x, loss));
  check.array("y", g_y.get(), gy);
  return check.finish();
}
