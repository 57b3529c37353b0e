#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23f_resize_modes");
  Rng rng(23623);
  const int W = 7, H = 6, OW = 12, OH = 9;
  std::vector<float> src = rng.vec<float>(W * H, 0.0, 1.0);
  for (int mode = 0; mode < 3; ++mode) {
    const std::vector<float> w = rng.vec<float>(OW * OH);
    auto loss = [&] {
      std::vector<float> d(OW * OH);
      resize_bilinear(src.data(), W, H, d.data(), OW, OH, mode);
      return dot(w, d);
    };
    std::vector<float> d(OW * OH, 0.0f), g_s(W * H, 0.0f), g_d = w;
    CUAD_GRAD(resize_bilinear_grad_0_3(src.data(), W, H, d.data(), OW, OH, mode, g_s.data(), g_d.data()));
    check.array("src mode " + std::to_string(mode), g_s, fd(src, loss));
    check.array("dst mode " + std::to_string(mode), g_d, zeros<double>(OW * OH));
  }
  return check.finish();
}
