#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("cub_block_scan_items");
  Rng rng(2113);
#if CUAD_OUTPUT == 1 || CUAD_OUTPUT == 2
  // two blocks of 16 threads x 3 items, the last items past n
  const int n = 91, blocks = 2, threads = 16;
  std::vector<double> x = rng.vec(n), y = rng.vec(n);
#if CUAD_OUTPUT == 1
  std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> d_x(x), d_y(y);
    CUAD_LAUNCH(scan_items, blocks, threads, d_x.ptr, d_y.ptr, n);
    return dot(w, d_y.get());
  };
  DeviceArray<double> d_x(x), d_y(y), a_x(zeros<double>(n)), a_y(w);
  CUAD_GRAD(CUAD_LAUNCH(scan_items_grad_0_1, blocks, threads, d_x.ptr, d_y.ptr, n, a_x.ptr,
                        a_y.ptr));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("y", a_y.get(), fd(y, loss));
#else
  std::vector<double> v_x = rng.vec(n);
  auto outputs_at = [&](double t) {
    DeviceArray<double> d_x(along(x, t, v_x)), d_y(y);
    CUAD_LAUNCH(scan_items, blocks, threads, d_x.ptr, d_y.ptr, n);
    return d_y.get();
  };
  DeviceArray<double> d_x(x), d_y(y), t_x(v_x), t_y(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(scan_items_pushforward, blocks, threads, d_x.ptr, d_y.ptr, n, t_x.ptr,
                        t_y.ptr));
  check.array("y", t_y.get(), directional_fd<double>(outputs_at));
#endif
#else
  // three rows of 29 entries, one block of 8 threads x 4 items per row
  const int rows = 3, cols = 29, n = rows * cols;
  std::vector<float> x = rng.vec<float>(n), y = rng.vec<float>(n), w = rng.vec<float>(n);
  float scale = 0.7f;
  auto loss = [&] {
    DeviceArray<float> d_x(x), d_y(y);
    CUAD_LAUNCH((row_cumsum<8, 4>), rows, 8, d_x.ptr, d_y.ptr, cols, scale);
    return dot(w, d_y.get());
  };
  DeviceArray<float> d_x(x), d_y(y), a_x(zeros<float>(n)), a_y(w);
  DeviceScalar<float> a_scale(0.0f);
  CUAD_GRAD(CUAD_LAUNCH((row_cumsum_grad_0_1_3<8, 4>), rows, 8, d_x.ptr, d_y.ptr, cols, scale,
                        a_x.ptr, a_y.ptr, a_scale.ptr));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("y", a_y.get(), fd(y, loss));
  check.scalar("scale", a_scale.value(), fd(scale, loss));
#endif
  return check.finish();
}
