#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw13_gfx_fft_psd");
  const int batch = 3, logn = 4, n = 1 << logn, nh = n / 2 + 1;
  Rng rng(1308);
  std::vector<float> x = rng.vec<float>(batch * n, -1.0, 1.0);
  float alpha = 0.54f;
#if CUAD_OUTPUT == 1
  std::vector<float> w = rng.vec<float>(batch * nh);
  auto loss = [&] {
    std::vector<float> psd(batch * nh);
    power_spectrum(x.data(), batch, logn, alpha, psd.data());
    return dot(w, psd);
  };
  std::vector<float> ax(batch * n, 0.0f), psd(batch * nh), apsd = w;
  float aa = 0.0f;
  CUAD_GRAD(power_spectrum_grad_0_3_4(x.data(), batch, logn, alpha, psd.data(), ax.data(), &aa,
                                      apsd.data()));
  check.array("x", ax, fd(x, loss));
  check.scalar("alpha", aa, fd(alpha, loss));
#else
  std::vector<float> vx = rng.vec<float>(batch * n);
  const float va = 0.3f;
  auto outputs_at = [&](double t) {
    std::vector<float> xs = along(x, t, vx), psd(batch * nh);
    power_spectrum(xs.data(), batch, logn, along(alpha, t, va), psd.data());
    return as_doubles(psd);
  };
  std::vector<float> psd(batch * nh), tpsd(batch * nh, 0.0f);
  CUAD_GRAD(power_spectrum_pushforward(x.data(), batch, logn, alpha, psd.data(), vx.data(), va,
                                       tpsd.data()));
  check.array("psd tangent", tpsd, directional_fd<float>(outputs_at));
#endif
  return check.finish();
}
