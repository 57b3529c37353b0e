#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw22a_conv2d_const_tile");
  const int height = 17, width = 14, n = height * width;  // 2 x 2 output tiles, partial
  const int taps = MASK_WIDTH * MASK_WIDTH;
  Rng rng(22108);
  std::vector<float> img = rng.vec<float>(n), mask = rng.vec<float>(taps, -0.4, 0.4),
                     out = rng.vec<float>(n);
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(n);
  auto loss = [&] {
    std::vector<float> o(out);
    conv2d_softplus(img.data(), mask.data(), o.data(), height, width);
    return dot(w, o);
  };
  std::vector<float> o(out), aimg(n, 0.0f), amask(taps, 0.0f), aout = w;
  CUAD_GRAD(conv2d_softplus_grad_0_1_2(img.data(), mask.data(), o.data(), height, width,
                                       aimg.data(), amask.data(), aout.data()));
  check.array("img", aimg, fd(img, loss));
  check.array("mask", amask, fd(mask, loss));
  check.array("out", aout, zeros<double>(n));
#else
  const std::vector<float> vimg = rng.vec<float>(n), vmask = rng.vec<float>(taps, -0.3, 0.3);
  auto run = [&](const std::vector<float>& im, const std::vector<float>& mk) {
    std::vector<float> o(out);
    conv2d_softplus(im.data(), mk.data(), o.data(), height, width);
    return as_doubles(o);
  };
  auto outputs_at = [&](double t) { return run(along(img, t, vimg), along(mask, t, vmask)); };
  std::vector<float> o(out), tout(n, 7.0f);
  CUAD_GRAD(conv2d_softplus_pushforward(img.data(), mask.data(), o.data(), height, width,
                                        vimg.data(), vmask.data(), tout.data()));
  check.array("out tangent", tout, directional_fd<float>(outputs_at));
#if !defined(CUAD_SELFTEST)
  check.array("out value", o, run(img, mask));
#endif
#endif
  return check.finish();
}
