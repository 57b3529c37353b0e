#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw20a_blur_tonemap");
  Rng rng(200106);
  const int w = 14, h = 12, passes = 2;
  std::vector<float> hdr = rng.vec<float>(w * h, 0.2, 3.0), ldr(w * h, 0.0f);
  float spread = 0.22f, exposure = 1.3f, white = 2.5f;
  const std::vector<float> wt = rng.vec<float>(w * h);
  auto loss = [&] {
    std::vector<float> out(w * h, 0.0f);
    develop_image(hdr.data(), spread, exposure, white, out.data(), w, h, passes);
    return dot(wt, out);
  };
  std::vector<float> ghdr(w * h, 0.0f), gldr = wt;
  float gspread = 0.0f, gexposure = 0.0f, gwhite = 0.0f;
  CUAD_GRAD(develop_image_grad_0_1_2_3_4(hdr.data(), spread, exposure, white, ldr.data(), w, h,
                                         passes, ghdr.data(), &gspread, &gexposure, &gwhite,
                                         gldr.data()));
  check.array("hdr", ghdr, fd(hdr, loss));
  check.scalar("spread", gspread, fd(spread, loss));
  check.scalar("exposure", gexposure, fd(exposure, loss));
  check.scalar("white", gwhite, fd(white, loss));
  check.array("ldr", gldr, std::vector<double>(w * h, 0.0));
  return check.finish();
}
