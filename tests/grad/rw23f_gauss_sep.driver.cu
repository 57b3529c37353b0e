#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23f_gauss_sep");
  Rng rng(23601);
  const int W = 13, H = 11;
  std::vector<float> img = rng.vec<float>(W * H, 0.0, 1.0);
  float sigma = 1.3f;
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(W * H);
  auto loss = [&] {
    std::vector<float> out(W * H);
    gaussian_blur(img.data(), out.data(), W, H, sigma);
    return dot(w, out);
  };
  std::vector<float> out(W * H, 0.0f), g_img(W * H, 0.0f), g_out = w;
  float g_sigma = 0.0f;
  CUAD_GRAD(gaussian_blur_grad_0_1_4(img.data(), out.data(), W, H, sigma, g_img.data(), g_out.data(), &g_sigma));
  check.array("img", g_img, fd(img, loss));
  check.scalar("sigma", g_sigma, fd(sigma, loss));
  check.array("out", g_out, zeros<double>(W * H));
#else
  const std::vector<float> vi = rng.vec<float>(W * H);
  const float vs = 0.5f;
  auto outputs_at = [&](double t) {
    const std::vector<float> im = along(img, t, vi);
    std::vector<float> out(W * H);
    gaussian_blur(im.data(), out.data(), W, H, along(sigma, t, vs));
    return as_doubles(out);
  };
  std::vector<float> out(W * H, 0.0f), t_out(W * H, 0.0f);
  CUAD_GRAD(gaussian_blur_pushforward(img.data(), out.data(), W, H, sigma, vi.data(), t_out.data(), vs));
  check.array("out tangent", as_doubles(t_out), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
