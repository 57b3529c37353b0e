#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("local_pointer_alias_forms");
  Rng rng(2401);
#if CUAD_OUTPUT == 1
  const int n = 40;
  std::vector<float> x = rng.vec<float>(n, 0.3, 1.2);
  const std::vector<float> wx = rng.vec<float>(n), wz = rng.vec<float>(n);
  auto loss = [&] {
    DeviceArray<float> d_x(x), d_z(zeros<float>(n));
    CUAD_LAUNCH(scale_then_read, 2, 32, d_x.ptr, d_z.ptr, n);
    return dot(wx, d_x.get()) + dot(wz, d_z.get());
  };
  DeviceArray<float> d_x(x), d_z(zeros<float>(n)), g_x(wx), g_z(wz);
  CUAD_GRAD(CUAD_LAUNCH(scale_then_read_grad_0_1, 2, 32, d_x.ptr, d_z.ptr, n, g_x.ptr, g_z.ptr));
  check.array("x", g_x.get(), fd(x, loss));
#else
  const int rows = 9, cols = 5;
  std::vector<float> a = rng.vec<float>(rows * cols, 0.2, 0.9);
  const std::vector<float> wa = rng.vec<float>(rows * cols), wo = rng.vec<float>(rows);
  auto loss = [&] {
    DeviceArray<float> d_a(a), d_o(zeros<float>(rows));
    CUAD_LAUNCH(row_update, 1, 32, d_a.ptr, d_o.ptr, rows, cols);
    return dot(wa, d_a.get()) + dot(wo, d_o.get());
  };
  DeviceArray<float> d_a(a), d_o(zeros<float>(rows)), g_a(wa), g_o(wo);
  CUAD_GRAD(CUAD_LAUNCH(row_update_grad_0_1, 1, 32, d_a.ptr, d_o.ptr, rows, cols, g_a.ptr, g_o.ptr));
  check.array("a", g_a.get(), fd(a, loss));
#endif
  return check.finish();
}
