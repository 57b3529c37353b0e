#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23f_bilateral_grid");
  Rng rng(23629);
  const int W = 11, H = 9;
  std::vector<float> img(W * H);
  for (auto& v : img) {
    double x;
    do {
      x = rng.uniform(0.02, 0.98);
    } while (std::fabs(x / 0.25 - std::round(x / 0.25)) < 0.04);  // away from intensity cell edges
    v = (float)x;
  }
  const std::vector<float> w = rng.vec<float>(W * H);
  auto loss = [&] {
    std::vector<float> o(W * H);
    bilateral_grid_filter(img.data(), W, H, o.data());
    return dot(w, o);
  };
  std::vector<float> o(W * H, 0.0f), g_i(W * H, 0.0f), g_o = w;
  CUAD_GRAD(bilateral_grid_filter_grad_0_3(img.data(), W, H, o.data(), g_i.data(), g_o.data()));
  check.array("img", g_i, fd(img, loss));
  check.array("out", g_o, zeros<double>(W * H));
  return check.finish();
}
