#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25e_stereo_softargmin");
  Rng rng(25507);
  const int W = 37, H = 4, plane = W * H, C = 3;
  float lambda = 0.6f, temperature = 0.35f;
  // a textured left image and a right image shifted by 2 pixels, features correlated likewise
  std::vector<float> left(plane), right(plane), fl(C * plane), fr(C * plane);
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x) {
      left[y * W + x] = (float)(0.5 + 0.4 * std::sin(1.3 * x + 0.7 * y) + 0.1 * rng.uniform(-1, 1));
      right[y * W + x] = (float)(0.5 + 0.4 * std::sin(1.3 * (x + 2) + 0.7 * y) + 0.1 * rng.uniform(-1, 1));
      for (int c = 0; c < C; ++c) {
        fl[c * plane + y * W + x] = (float)(std::cos(0.9 * x + c) + 0.3 * rng.uniform(-1, 1));
        fr[c * plane + y * W + x] = (float)(std::cos(0.9 * (x + 2) + c) + 0.3 * rng.uniform(-1, 1));
      }
    }
  const std::vector<float> wd = rng.vec<float>(plane), wc = rng.vec<float>(plane);
  auto loss = [&] {
    std::vector<float> d(plane), c(plane);
    stereo_soft_argmin(left.data(), right.data(), fl.data(), fr.data(), W, H, lambda, temperature, d.data(),
                       c.data());
    return dot(wd, d) + dot(wc, c);
  };
  std::vector<float> d(plane), c(plane), gfl(C * plane, 0.0f), gfr(C * plane, 0.0f), gd = wd, gc = wc;
  float glambda = 0.0f, gtemp = 0.0f;
  CUAD_GRAD(stereo_soft_argmin_grad_2_3_6_7_8_9(left.data(), right.data(), fl.data(), fr.data(), W, H, lambda,
                                                temperature, d.data(), c.data(), gfl.data(), gfr.data(), &glambda,
                                                &gtemp, gd.data(), gc.data()));
  check.array("feat_l", gfl, fd(fl, loss));
  check.array("feat_r", gfr, fd(fr, loss));
  check.scalar("lambda", glambda, fd(lambda, loss));
  check.scalar("temperature", gtemp, fd(temperature, loss));
  check.array("disp", gd, zeros<double>(plane));
  check.array("conf", gc, zeros<double>(plane));
  return check.finish();
}
