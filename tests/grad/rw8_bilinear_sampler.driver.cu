#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw8_bilinear_sampler");
  const int C = 2, H = 5, W = 6, n = 70;
  Rng rng(1701);
  std::vector<float> image = rng.vec<float>(C * H * W), grid(2 * n), out0 = zeros<float>(C * n);
  // Coordinates a little past the borders too (zero padding), kept away from integer pixel
  // positions (floorf switches there) by more than the step.
  for (int s = 0; s < n; ++s) {
    for (int d = 0; d < 2; ++d) {
      const int size = d == 0 ? W : H;
      const double pix = rng.uniform(-1.4, size + 0.4);
      const double off = pix - std::floor(pix);
      const double p = std::floor(pix) + 0.2 + 0.6 * off;
      grid[2 * s + d] = (float)((2.0 * p + 1.0) / size - 1.0);
    }
  }
#if CUAD_OUTPUT == 1
  const std::vector<float> wo = rng.vec<float>(C * n);
  auto loss = [&] {
    DeviceArray<float> di(image), dg(grid), dout(out0);
    CUAD_LAUNCH(grid_sample_bilinear, 3, 32, di.ptr, dg.ptr, dout.ptr, C, H, W, n);
    return dot(wo, dout.get());
  };
  DeviceArray<float> di(image), dg(grid), dout(out0), ai(zeros<float>(C * H * W)),
      ag(zeros<float>(2 * n)), aout(wo);
  CUAD_GRAD(CUAD_LAUNCH(grid_sample_bilinear_grad_0_1_2, 3, 32, di.ptr, dg.ptr, dout.ptr, C, H, W, n,
                        ai.ptr, ag.ptr, aout.ptr));
  check.array("image", ai.get(), fd(image, loss));
  check.array("grid", ag.get(), fd(grid, loss), Tol{5e-3, 2e-2});
  check.array("out", aout.get(), fd(out0, loss));
#else
  const std::vector<float> vi = rng.vec<float>(C * H * W), vg = rng.vec<float>(2 * n, -0.05, 0.05),
                           vo = rng.vec<float>(C * n);
  auto outputs_at = [&](double t) {
    DeviceArray<float> di(along(image, t, vi)), dg(along(grid, t, vg)), dout(out0);
    CUAD_LAUNCH(grid_sample_bilinear, 3, 32, di.ptr, dg.ptr, dout.ptr, C, H, W, n);
    return as_doubles(dout.get());
  };
  DeviceArray<float> di(image), dg(grid), dout(out0), ti(vi), tg(vg), tout(vo);
  CUAD_GRAD(CUAD_LAUNCH(grid_sample_bilinear_pushforward, 3, 32, di.ptr, dg.ptr, dout.ptr, C, H, W,
                        n, ti.ptr, tg.ptr, tout.ptr));
  check.array("out", tout.get(), directional_fd<float>(outputs_at), Tol{5e-3, 2e-2});
#endif
  return check.finish();
}
