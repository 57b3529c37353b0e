#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23f_pitched_crop_elem");
  Rng rng(23614);
#if CUAD_OUTPUT == 1
  const int W = 13, H = 9, x0 = 3, y0 = 2, cw = 7, ch = 5;
  std::vector<uint8_t> img(W * H);
  for (auto& p : img) p = (uint8_t)(int)rng.uniform(0.0, 255.0);
  float gain = 1.6f, offset = -0.4f;
  const std::vector<float> w = rng.vec<float>(cw * ch);
  auto loss = [&] {
    std::vector<float> o(cw * ch);
    crop_normalize_u8(img.data(), W, H, gain, offset, o.data(), x0, y0, cw, ch);
    return dot(w, o);
  };
  std::vector<float> o(cw * ch, 0.0f), g_o = w;
  float g_gain = 0.0f, g_off = 0.0f;
  CUAD_GRAD(crop_normalize_u8_grad_3_4_5(img.data(), W, H, gain, offset, o.data(), x0, y0, cw, ch, &g_gain,
                                         &g_off, g_o.data()));
  check.scalar("gain", g_gain, fd(gain, loss));
  check.scalar("offset", g_off, fd(offset, loss));
  check.array("out", g_o, zeros<double>(cw * ch));
#else
  const int W = 12, H = 10, x0 = 2, y0 = 3, cw = 7, ch = 6;
  const int OW = (cw + 2) / 2, OH = (ch + 2) / 2;
  std::vector<float> src = rng.vec<float>(W * H, 0.0, 1.0);
  const std::vector<float> w = rng.vec<float>(OW * OH);
  auto loss = [&] {
    std::vector<float> o(OW * OH);
    crop_resize_float(src.data(), W, H, x0, y0, cw, ch, o.data());
    return dot(w, o);
  };
  std::vector<float> o(OW * OH, 0.0f), g_s(W * H, 0.0f), g_o = w;
  CUAD_GRAD(crop_resize_float_grad_0_7(src.data(), W, H, x0, y0, cw, ch, o.data(), g_s.data(), g_o.data()));
  check.array("src", g_s, fd(src, loss));
  check.array("out", g_o, zeros<double>(OW * OH));
#endif
  return check.finish();
}
