#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw11_fwd_host_imgnorm");
  const int w = 9, h = 7, nimg = 3, N = w * h * nimg;
  Rng rng(1105);
  std::vector<double> imgs = rng.vec(N, 0.0, 2.0), vimgs = rng.vec(N);
  double k = 0.4, gain = 1.3;
#if CUAD_OUTPUT == 1
  double vk = 0.6, vg = -0.8;
#else
  double vk = 0.0, vg = 0.0;
#endif
  auto outputs_at = [&](double t) {
    std::vector<double> xs = along(imgs, t, vimgs), out(N);
    double r = preprocess(xs.data(), w, h, nimg, along(k, t, vk), along(gain, t, vg), out.data());
    out.push_back(r);
    return out;
  };
  std::vector<double> out(N), d_out(N, 9.0);
  double value = 0, tangent = 0;
#if CUAD_OUTPUT == 1
  CUAD_GRAD(auto r = preprocess_pushforward(imgs.data(), w, h, nimg, k, gain, out.data(),
                                            vimgs.data(), vk, vg, d_out.data());
            value = r.value; tangent = r.pushforward);
#else
  CUAD_GRAD(auto r = preprocess_pushforward_0_6(imgs.data(), w, h, nimg, k, gain, out.data(),
                                                vimgs.data(), d_out.data());
            value = r.value; tangent = r.pushforward);
#endif
  std::vector<double> got = d_out;
  got.push_back(tangent);
  check.array("out, std", got, directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  std::vector<double> o2(N);
  check.scalar("value", value, preprocess(imgs.data(), w, h, nimg, k, gain, o2.data()));
#endif
  return check.finish();
}
