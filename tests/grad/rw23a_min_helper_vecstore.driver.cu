#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23a_min_helper_vecstore");
  Rng rng(2302);
  const int n = 20;
  std::vector<float> x = rng.vec<float>(2 * n, 0.3, 1.2);
  const std::vector<float> w = rng.vec<float>(2 * n);
  // x is overwritten in place: L = w . x_after, the adjoint is d L / d x_before
  auto loss = [&] {
    DeviceArray<float> d_x(x);
    CUAD_LAUNCH(rescale_pairs, 1, 32, d_x.ptr, n);
    return dot(w, d_x.get());
  };
  DeviceArray<float> d_x(x), g_x(w);
  CUAD_GRAD(CUAD_LAUNCH(rescale_pairs_grad_0, 1, 32, d_x.ptr, n, g_x.ptr));
  check.array("x", g_x.get(), fd(x, loss));
  return check.finish();
}
