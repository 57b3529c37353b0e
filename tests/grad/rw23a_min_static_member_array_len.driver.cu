#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23a_min_static_member_array_len");
  Rng rng(2307);
  const int n = 16;
  std::vector<float> x = rng.vec<float>(4 * n);
  const std::vector<float> w = rng.vec<float>(n);
  auto loss = [&] {
    DeviceArray<float> d_x(x), d_y(zeros<float>(n));
    CUAD_LAUNCH(pair_product, 1, 32, d_x.ptr, d_y.ptr, n);
    return dot(w, d_y.get());
  };
  DeviceArray<float> d_x(x), d_y(zeros<float>(n)), g_x(zeros<float>(4 * n)), g_y(w);
  CUAD_GRAD(CUAD_LAUNCH(pair_product_grad_0_1, 1, 32, d_x.ptr, d_y.ptr, n, g_x.ptr, g_y.ptr));
  check.array("x", g_x.get(), fd(x, loss));
  check.array("y", g_y.get(), zeros<double>(n));
  return check.finish();
}
