#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw16v_host_gauss_blur_sigma");
  const int W = 21, H = 11;  // partial row blocks, partial column tiles
  Rng rng(16005);
  std::vector<double> img = rng.vec(W * H, 0.0, 1.0), w = rng.vec(W * H);
  double sigma = 1.3;
  auto loss = [&] {
    std::vector<double> out(W * H);
    gaussian_blur(img.data(), out.data(), W, H, sigma);
    return dot(w, out);
  };
  std::vector<double> out(W * H), a_img = zeros<double>(W * H), a_out = w;
  double a_sigma = 0.0;
  CUAD_GRAD(gaussian_blur_grad_0_1_4(img.data(), out.data(), W, H, sigma, a_img.data(), a_out.data(),
                                     &a_sigma));
  check.array("img", a_img, fd(img, loss));
  check.scalar("sigma", a_sigma, fd(sigma, loss));
  check.array("out", a_out, zeros<double>(W * H));
  return check.finish();
}
