#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

#if CUAD_OUTPUT == 1
#define KERNEL shade
#define KERNEL_GRAD shade_grad_0_1
#else
#define KERNEL shade_pure
#define KERNEL_GRAD shade_pure_grad_0_1
#endif

int main() {
  Checker check("effect_free_store");
  const int n = 80;
  Rng rng(17);
  std::vector<float> x = rng.vec<float>(n, -1.5, 1.5), w = rng.vec<float>(n);
  for (auto& v : x)  // keep the clip switch point away from the FD steps
    if (std::fabs(v - 0.9f) < 0.02f) v += 0.05f;
  auto loss = [&] {
    DeviceArray<float> dx(x), dy(n, 0.0f);
    DeviceArray<int> clipped(1, 0);
    CUAD_LAUNCH(KERNEL, 3, 32, dx.ptr, dy.ptr, clipped.ptr, n);
    return dot(w, dy.get());
  };
  DeviceArray<float> dx(x), dy(n, 0.0f), d_x(n, 0.0f), d_y(w);
  DeviceArray<int> clipped(1, 0);
  CUAD_GRAD(CUAD_LAUNCH(KERNEL_GRAD, 3, 32, dx.ptr, dy.ptr, clipped.ptr, n, d_x.ptr, d_y.ptr));
  check.array("x", d_x.get(), fd(x, loss));
  check.array("y", d_y.get(), std::vector<double>(n, 0.0));
  return check.finish();
}
