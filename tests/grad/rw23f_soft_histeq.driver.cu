#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23f_soft_histeq");
  Rng rng(23605);
  const int n = 150;  // three blocks, the last partial
  std::vector<float> img(n);
  // pixel intensities away from bin-centre crossings (pos = v*16-0.5 not near an integer)
  for (int i = 0; i < n; ++i) {
    double v;
    do {
      v = rng.uniform(0.0, 1.0);
      const double pos = v * NBINS - 0.5;
      if (std::fabs(pos - std::round(pos)) > 0.05) break;
    } while (true);
    img[i] = (float)v;
  }
  float bw = 0.08f;
  const std::vector<float> w = rng.vec<float>(n);
  auto loss = [&] {
    std::vector<float> out(n);
    soft_equalize(img.data(), out.data(), n, bw);
    return dot(w, out);
  };
  std::vector<float> out(n, 0.0f), g_img(n, 0.0f), g_out = w;
  float g_bw = 0.0f;
  CUAD_GRAD(soft_equalize_grad_0_1_3(img.data(), out.data(), n, bw, g_img.data(), g_out.data(), &g_bw));
  check.array("img", g_img, fd(img, loss));
  check.scalar("bandwidth", g_bw, fd(bw, loss));
  check.array("out", g_out, zeros<double>(n));
  return check.finish();
}
