#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23a_min_alias_static_offset");
  Rng rng(2303);
  const int n = 20;
  std::vector<float> x = rng.vec<float>(2 * n, 0.3, 1.2);
  const std::vector<float> w = rng.vec<float>(2 * n);
  // x is overwritten in place: L = w . x_after, the adjoint is d L / d x_before
  auto loss = [&] {
    DeviceArray<float> d_x(x);
    CUAD_LAUNCH(scale_second, 1, 32, d_x.ptr, n);
    return dot(w, d_x.get());
  };
  DeviceArray<float> d_x(x), g_x(w);
  CUAD_GRAD(CUAD_LAUNCH(scale_second_grad_0, 1, 32, d_x.ptr, n, g_x.ptr));
  check.array("x", g_x.get(), fd(x, loss));
  return check.finish();
}
