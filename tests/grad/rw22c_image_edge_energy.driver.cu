#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw22c_image_edge_energy");
  Rng rng(22305);
  const int w = 13, h = 10;  // 2x2 blocks of 8x8, partial in both directions
  std::vector<double> img = rng.vec(w * h, 0.0, 1.0);
  std::vector<double> taps = {0.06, 0.12, 0.07, 0.11, 0.26, 0.13, 0.05, 0.12, 0.08};
  auto loss = [&] { return edge_energy(img.data(), taps.data(), w, h); };
  std::vector<double> gimg(w * h, 0.0), gtaps(9, 0.0);
  CUAD_GRAD(edge_energy_grad_0_1(img.data(), taps.data(), w, h, gimg.data(), gtaps.data()));
  check.array("img", gimg, fd(img, loss));
  check.array("taps", gtaps, fd(taps, loss));
  return check.finish();
}
