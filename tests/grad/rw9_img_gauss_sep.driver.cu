#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw9_img_gauss_sep");
  const int W = 13, H = 11, n = W * H;
  Rng rng(9303);
  std::vector<float> img = rng.vec<float>(n, 0.0, 1.0), w = rng.vec<float>(n);
  float sigma = 1.3f;
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    std::vector<float> v = img;
    gaussian_blur(v.data(), W, H, sigma);
    return dot(w, v);
  };
  std::vector<float> v = img, a_img = w;
  float a_sigma = 0;
  CUAD_GRAD(gaussian_blur_grad_0_3(v.data(), W, H, sigma, a_img.data(), &a_sigma));
  check.array("img", a_img, fd(img, loss));
  check.scalar("sigma", a_sigma, fd(sigma, loss));
#else
  std::vector<float> dst0 = rng.vec<float>(n);
  const dim3 block(8, 4), grid(2, 3);
  auto loss = [&] {
    DeviceArray<float> s(img), d(dst0);
    CUAD_LAUNCH(blur_cols<3>, grid, block, s.ptr, d.ptr, W, H, sigma);
    return dot(w, d.get());
  };
  DeviceArray<float> s(img), d(dst0), a_s(zeros<float>(n)), a_d(w);
  DeviceScalar<float> a_sigma;
  CUAD_GRAD(CUAD_LAUNCH(blur_cols_grad_0_1_4<3>, grid, block, s.ptr, d.ptr, W, H, sigma, a_s.ptr,
                        a_d.ptr, a_sigma.ptr));
  check.array("src", a_s.get(), fd(img, loss));
  check.array("dst", a_d.get(), std::vector<double>(n, 0.0));
  check.scalar("sigma", a_sigma.value(), fd(sigma, loss));
#endif
  return check.finish();
}
