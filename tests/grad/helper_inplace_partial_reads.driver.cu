#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;
int main() {
  Checker check("helper_inplace_partial_reads");
  Rng rng(2402);
  const int n = 20;
  std::vector<float> x = rng.vec<float>(2 * n, 0.3, 1.2);
  const std::vector<float> wx = rng.vec<float>(2 * n), wy = rng.vec<float>(n);
  auto loss = [&] {
    DeviceArray<float> d_x(x), d_y(zeros<float>(n));
    CUAD_LAUNCH(pair_kernel, 1, 32, d_x.ptr, d_y.ptr, n);
    return dot(wx, d_x.get()) + dot(wy, d_y.get());
  };
  DeviceArray<float> d_x(x), d_y(zeros<float>(n)), g_x(wx), g_y(wy);
  CUAD_GRAD(CUAD_LAUNCH(pair_kernel_grad_0_1, 1, 32, d_x.ptr, d_y.ptr, n, g_x.ptr, g_y.ptr));
  check.array("x", g_x.get(), fd(x, loss));
  return check.finish();
}
