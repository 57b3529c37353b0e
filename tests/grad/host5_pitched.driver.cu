#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("host5_pitched");
  const int w = 13, h = 7, n = w * h;
  Rng rng(5405);
  std::vector<double> img = rng.vec(n, -1.0, 1.0), gain = rng.vec(2, 0.5, 1.5), wo = rng.vec(n);
#if CUAD_OUTPUT == 2
  std::vector<double> vi = rng.vec(n), vg = rng.vec(2);
  auto outputs_at = [&](double t) {
    std::vector<double> is = along(img, t, vi), gs = along(gain, t, vg), out(n);
    run_blur(is.data(), gs.data(), out.data(), w, h);
    return out;
  };
  std::vector<double> out(n), d_out(n, 0.0);
  CUAD_GRAD(run_blur_pushforward(img.data(), gain.data(), out.data(), w, h, vi.data(), vg.data(),
                                 d_out.data()));
  check.array("out", d_out, directional_fd<double>(outputs_at));
#else
  auto loss = [&] {
    std::vector<double> out(n);
    run_blur(img.data(), gain.data(), out.data(), w, h);
    return dot(wo, out);
  };
  std::vector<double> out(n), a_img(n, 0.0), a_gain(2, 0.0), a_out = wo;
  CUAD_GRAD(run_blur_grad_0_1_2(img.data(), gain.data(), out.data(), w, h, a_img.data(), a_gain.data(),
                                a_out.data()));
  check.array("img", a_img, fd(img, loss));
  check.array("gain", a_gain, fd(gain, loss));
  check.array("out", a_out, std::vector<double>(n, 0.0));
#endif
  return check.finish();
}
