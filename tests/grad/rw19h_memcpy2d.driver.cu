#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw19h_memcpy2d");
  const int w = 13, h = 6, ld = 16, ldo = 15;
  Rng rng(1906);
  std::vector<double> img = rng.vec(ld * h);
  double gain = 1.2;
  std::vector<double> wt = rng.vec(ldo * h);
  for (int y = 0; y < h; ++y)
    for (int x = w; x < ldo; ++x) wt[y * ldo + x] = 0.0;  // padding columns not written
  auto loss = [&] {
    std::vector<double> out(ldo * h, 0.0);
    blur_rows(img.data(), ld, gain, out.data(), ldo, w, h);
    return dot(wt, out);
  };
  std::vector<double> out(ldo * h, 0.0), gi(ld * h, 0.0), go = wt;
  double gg = 0.0;
  CUAD_GRAD(blur_rows_grad_0_2_3(img.data(), ld, gain, out.data(), ldo, w, h, gi.data(), &gg, go.data()));
  check.array("img", gi, fd(img, loss));
  check.scalar("gain", gg, fd(gain, loss));
  check.array("out", go, std::vector<double>(ldo * h, 0.0));
  return check.finish();
}
