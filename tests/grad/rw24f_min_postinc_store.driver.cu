#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24f_min_postinc_store");
  Rng rng(24108);
  const int n = 4, ny = 2 * n + 2;
  std::vector<double> a = rng.vec(n), y0 = rng.vec(ny);
  const std::vector<double> w = rng.vec(ny);
  auto loss = [&] {
    DeviceArray<double> d_a(a), d_y(y0);
    CUAD_LAUNCH(pair_out, 1, 4, d_a.ptr, d_y.ptr, n);
    return dot(w, d_y.get());
  };
  DeviceArray<double> d_a(a), d_y(y0), g_a(zeros<double>(n)), g_y(w);
  CUAD_GRAD(CUAD_LAUNCH(pair_out_grad_0_1, 1, 4, d_a.ptr, d_y.ptr, n, g_a.ptr, g_y.ptr));
  std::vector<double> gy(ny, 0.0);
  gy[ny - 2] = w[ny - 2], gy[ny - 1] = w[ny - 1];  // never written: the seed stays
  check.array("a", g_a.get(), fd(a, loss));
  check.array("y", g_y.get(), gy);
  return check.finish();
}
