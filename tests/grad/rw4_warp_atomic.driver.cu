#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw4_warp_atomic");
  Rng rng(404);
#if CUAD_OUTPUT == 1
  const int rows = 3, cols = 45;
  std::vector<double> x = rng.vec(rows * cols), e = rng.vec(1);
  auto loss = [&] {
    DeviceArray<double> d_e(e), d_x(x);
    CUAD_LAUNCH(row_energy, rows, 32, d_e.ptr, d_x.ptr, cols);
    return 0.7 * d_e.get()[0];
  };
  DeviceArray<double> d_e(e), d_x(x), a_e(std::vector<double>{0.7}), a_x(zeros<double>(rows * cols));
  CUAD_GRAD(CUAD_LAUNCH(row_energy_grad_0_1, rows, 32, d_e.ptr, d_x.ptr, cols, a_e.ptr, a_x.ptr));
  check.array("e", a_e.get(), fd(e, loss));
  check.array("x", a_x.get(), fd(x, loss));
#else
  const int n = 90;
  std::vector<double> x = rng.vec(n), total = rng.vec(4), w = rng.vec(4);
  for (auto& v : x)
    if (std::fabs(v) < 0.01) v = 0.05;
  auto loss = [&] {
    DeviceArray<double> d_t(total), d_x(x);
    DeviceArray<int> d_last(std::vector<int>{-1});
    CUAD_LAUNCH(masked_sum, 3, 32, d_t.ptr, d_x.ptr, d_last.ptr, n);
    return dot(w, d_t.get());
  };
  DeviceArray<double> d_t(total), d_x(x), a_t(w), a_x(zeros<double>(n));
  DeviceArray<int> d_last(std::vector<int>{-1});
  CUAD_GRAD(CUAD_LAUNCH(masked_sum_grad_0_1, 3, 32, d_t.ptr, d_x.ptr, d_last.ptr, n, a_t.ptr,
                        a_x.ptr));
  check.array("total", a_t.get(), fd(total, loss));
  check.array("x", a_x.get(), fd(x, loss));
#endif
  return check.finish();
}
