#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw21b_fakequant_gemv");
  const int rows = 6, cols = 45, block = 64, grid = 3;  // 2 rows per block
  const QuantRange q{-8, 7};
  Rng rng(21008);
  // w / s = k + u with an integer k in [-10, 10] (some beyond the 4-bit range, clipped) and
  // |u| <= 0.3: the +-h and +-2h steps of w and s never cross a rounding or clipping boundary
  std::vector<float> scale = rng.vec<float>(rows, 0.5, 1.5), W(rows * cols);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      const int k = (r * 7 + c * 5) % 21 - 10;
      W[r * cols + c] = scale[r] * ((float)k + (float)rng.uniform(-0.3, 0.3));
    }
  std::vector<float> x = rng.vec<float>(cols), y = rng.vec<float>(rows);
  const std::vector<int> clips0(rows, -1);
#if CUAD_OUTPUT == 2
  std::vector<float> vW = rng.vec<float>(rows * cols), vs = rng.vec<float>(rows),
                     vx = rng.vec<float>(cols);
  auto outputs_at = [&](double t) {
    DeviceArray<float> dW(along(W, t, vW)), ds(along(scale, t, vs)), dx(along(x, t, vx)), dy(y);
    DeviceArray<int> dc(clips0);
    CUAD_LAUNCH(fakequant_gemv, grid, block, dW.ptr, ds.ptr, dx.ptr, dy.ptr, dc.ptr, rows, cols, q);
    return as_doubles(dy.get());
  };
  DeviceArray<float> dW(W), ds(scale), dx(x), dy(y), t_W(vW), t_s(vs), t_x(vx),
      t_y(zeros<float>(rows));
  DeviceArray<int> dc(clips0);
  CUAD_GRAD(CUAD_LAUNCH(fakequant_gemv_pushforward, grid, block, dW.ptr, ds.ptr, dx.ptr,
                        dy.ptr, dc.ptr, rows, cols, q, t_W.ptr, t_s.ptr, t_x.ptr, t_y.ptr));
  check.array("y", t_y.get(), directional_fd<float>(outputs_at));
#else
  const std::vector<float> w = rng.vec<float>(rows);
  auto loss = [&] {
    DeviceArray<float> dW(W), ds(scale), dx(x), dy(y);
    DeviceArray<int> dc(clips0);
    CUAD_LAUNCH(fakequant_gemv, grid, block, dW.ptr, ds.ptr, dx.ptr, dy.ptr, dc.ptr, rows, cols, q);
    return dot(w, dy.get());
  };
  {  // the primal's statistics: some weights of every row are clipped, not all
    DeviceArray<float> dW(W), ds(scale), dx(x), dy(y);
    DeviceArray<int> dc(clips0);
    CUAD_LAUNCH(fakequant_gemv, grid, block, dW.ptr, ds.ptr, dx.ptr, dy.ptr, dc.ptr, rows, cols, q);
    for (int c : dc.get()) check.expect(c > 0 && c < cols, "clip count in (0, cols)");
  }
  DeviceArray<float> dW(W), ds(scale), dx(x), dy(y), a_W(zeros<float>(rows * cols)),
      a_s(zeros<float>(rows)), a_x(zeros<float>(cols)), a_y(w);
  DeviceArray<int> dc(clips0);
  CUAD_GRAD(CUAD_LAUNCH(fakequant_gemv_grad_0_1_2_3, grid, block, dW.ptr, ds.ptr, dx.ptr, dy.ptr,
                        dc.ptr, rows, cols, q, a_W.ptr, a_s.ptr, a_x.ptr, a_y.ptr));
  check.array("W", a_W.get(), fd(W, loss));
  check.array("scale", a_s.get(), fd(scale, loss));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("y", a_y.get(), fd(y, loss));
#endif
  return check.finish();
}
