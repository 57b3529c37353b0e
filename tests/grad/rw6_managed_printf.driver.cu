#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw6_managed_printf");
  const int w = 21, h = 11;  // partial blocks in both directions (16 x 8 blocks)
  Rng rng(6063);
  std::vector<float> img = rng.vec<float>(w * h), k = rng.vec<float>(9, -0.3, 0.3);
  std::vector<float> e(1, 0.f);
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    float out = 0.f;
    blur_energy(img.data(), k.data(), &out, w, h);
    return 0.8 * out;
  };
  std::vector<float> a_img = zeros<float>(w * h), a_k = zeros<float>(9), a_e{0.8f};
  CUAD_GRAD(blur_energy_grad_0_1_2(img.data(), k.data(), e.data(), w, h, a_img.data(), a_k.data(),
                                   a_e.data()));
  check.array("img", a_img, fd(img, loss));
  check.array("k", a_k, fd(k, loss));
  check.array("energy", a_e, fd(e, loss));
#else
  std::vector<float> vi = rng.vec<float>(w * h), vk = rng.vec<float>(9);
  auto outputs_at = [&](double t) {
    std::vector<float> i2 = along(img, t, vi), k2 = along(k, t, vk);
    float out = 0.f;
    blur_energy(i2.data(), k2.data(), &out, w, h);
    return std::vector<double>{out};
  };
  float t_e = 0.f;
  CUAD_GRAD(blur_energy_pushforward(img.data(), k.data(), e.data(), w, h, vi.data(), vk.data(),
                                    &t_e));
  check.array("energy", std::vector<double>{t_e}, directional_fd<float>(outputs_at),
              default_tol<float>());
#endif
  return check.finish();
}
