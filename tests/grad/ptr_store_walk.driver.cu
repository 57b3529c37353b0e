#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("ptr_store_walk");
  Rng rng(2432);
  const int n = 4, ny = 8 * n;
  std::vector<double> a = rng.vec(n), y0 = rng.vec(ny);
  const std::vector<double> w = rng.vec(ny);
  auto loss = [&] {
    DeviceArray<double> d_a(a), d_y(y0);
    CUAD_LAUNCH(store_walk, 1, 4, d_a.ptr, d_y.ptr, n);
    return dot(w, d_y.get());
  };
#if CUAD_OUTPUT == 1
  DeviceArray<double> d_a(a), d_y(y0), g_a(zeros<double>(n)), g_y(w);
  CUAD_GRAD(CUAD_LAUNCH(store_walk_grad_0_1, 1, 4, d_a.ptr, d_y.ptr, n, g_a.ptr, g_y.ptr));
  // Entries 3 and 7 of each thread's eight are never written: their seeds stay.
  std::vector<double> gy(ny, 0.0);
  for (int i = 0; i < n; i++) gy[8 * i + 3] = w[8 * i + 3], gy[8 * i + 7] = w[8 * i + 7];
  check.array("a", g_a.get(), fd(a, loss));
  check.array("y", g_y.get(), gy);
#else
  (void)loss;
  const std::vector<double> va = rng.vec(n), vy = rng.vec(ny);
  auto outputs_at = [&](double t) {
    DeviceArray<double> d_a(along(a, t, va)), d_y(along(y0, t, vy));
    CUAD_LAUNCH(store_walk, 1, 4, d_a.ptr, d_y.ptr, n);
    return d_y.get();
  };
  DeviceArray<double> d_a(a), d_y(y0), t_a(va), t_y(vy);
  CUAD_GRAD(CUAD_LAUNCH(store_walk_pushforward, 1, 4, d_a.ptr, d_y.ptr, n, t_a.ptr, t_y.ptr));
  check.array("y tangent", t_y.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
