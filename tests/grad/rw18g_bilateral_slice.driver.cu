#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw18g_bilateral_slice");
  Rng rng(18005);
  // 2 images of 6x7, a 3x4x5 grid of 3x4 affine coefficients; 64 threads in 2 blocks
  // stride over 252 outputs. Guide values keep gz - 0.5 away from integers (tent kinks).
  const int bs = 2, h = 6, w = 7, gh = 3, gw = 4, gd = 5, ci = 3, co = 3;
  const int64_t nthreads = (int64_t)bs * h * w * co;
  const int ng = bs * gh * gw * gd * (ci + 1) * co;
  std::vector<float> grid = rng.vec<float>(ng), input = rng.vec<float>(bs * h * w * ci, 0.0, 1.0),
                     guide(bs * h * w), out = zeros<float>(nthreads);
  for (auto& g : guide)
    for (;;) {
      g = (float)rng.uniform(0.0, 1.0);
      const double z = g * gd - 0.5, fr = z - std::floor(z);
      if (fr > 0.08 && fr < 0.92) break;
    }
#if CUAD_OUTPUT == 1
  const std::vector<float> wo = rng.vec<float>(nthreads);
  auto loss = [&] {
    DeviceArray<float> dg(grid), dgu(guide), din(input), dout(out);
    CUAD_LAUNCH(bilateral_slice_apply, 2, 32, nthreads, dg.ptr, dgu.ptr, din.ptr, bs, h, w, gh, gw,
                gd, ci, co, dout.ptr);
    return dot(wo, dout.get());
  };
  DeviceArray<float> dg(grid), dgu(guide), din(input), dout(out), gg(zeros<float>(ng)),
      ggu(zeros<float>(bs * h * w)), gin(zeros<float>(bs * h * w * ci)), gout(wo);
  CUAD_GRAD(CUAD_LAUNCH(bilateral_slice_apply_grad_1_2_3_12, 2, 32, nthreads, dg.ptr, dgu.ptr,
                        din.ptr, bs, h, w, gh, gw, gd, ci, co, dout.ptr, gg.ptr, ggu.ptr, gin.ptr,
                        gout.ptr));
  check.array("grid", gg.get(), fd(grid, loss));
  check.array("guide", ggu.get(), fd(guide, loss));
  check.array("input", gin.get(), fd(input, loss));
  check.array("out", gout.get(), std::vector<double>(nthreads, 0.0));
#else
  const std::vector<float> tg = rng.vec<float>(ng), tgu = rng.vec<float>(bs * h * w, -0.5, 0.5),
                           tin = rng.vec<float>(bs * h * w * ci), tout = rng.vec<float>(nthreads);
  auto outputs_at = [&](double t) {
    DeviceArray<float> dg(along(grid, t, tg)), dgu(along(guide, t, tgu)), din(along(input, t, tin)),
        dout(out);
    CUAD_LAUNCH(bilateral_slice_apply, 2, 32, nthreads, dg.ptr, dgu.ptr, din.ptr, bs, h, w, gh, gw,
                gd, ci, co, dout.ptr);
    return as_doubles(dout.get());
  };
  DeviceArray<float> dg(grid), dgu(guide), din(input), dout(out), d_g(tg), d_gu(tgu), d_in(tin),
      d_out(tout);
  CUAD_GRAD(CUAD_LAUNCH(bilateral_slice_apply_pushforward, 2, 32, nthreads, dg.ptr, dgu.ptr,
                        din.ptr, bs, h, w, gh, gw, gd, ci, co, dout.ptr, d_g.ptr, d_gu.ptr,
                        d_in.ptr, d_out.ptr));
  check.array("out", d_out.get(), directional_fd<float>(outputs_at));
#endif
  return check.finish();
}
