#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("helper_store_forms");
  Rng rng(2331);
  const int n = 10;
  std::vector<float> x = rng.vec<float>(4 * n, 0.3, 1.1);
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(4 * n);
  // x is overwritten in place: L = w . x_after, the adjoint is d L / d x_before
  auto loss = [&] {
    DeviceArray<float> d_x(x);
    CUAD_LAUNCH(rescale_quads, 1, 32, d_x.ptr, n);
    return dot(w, d_x.get());
  };
  DeviceArray<float> d_x(x), g_x(w);
  CUAD_GRAD(CUAD_LAUNCH(rescale_quads_grad_0, 1, 32, d_x.ptr, n, g_x.ptr));
  check.array("x", g_x.get(), fd(x, loss));
#else
  const std::vector<float> vx = rng.vec<float>(4 * n);
  auto outputs_at = [&](double t) {
    DeviceArray<float> d_x(along(x, t, vx));
    CUAD_LAUNCH(rescale_quads, 1, 32, d_x.ptr, n);
    const std::vector<float> y = d_x.get();
    return std::vector<double>(y.begin(), y.end());
  };
  DeviceArray<float> d_x(x), t_x(vx);
  CUAD_GRAD(CUAD_LAUNCH(rescale_quads_pushforward, 1, 32, d_x.ptr, n, t_x.ptr));
  check.array("x", t_x.get(), directional_fd<float>(outputs_at));
#endif
  return check.finish();
}
