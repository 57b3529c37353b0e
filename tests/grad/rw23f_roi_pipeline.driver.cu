#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23f_roi_pipeline");
  Rng rng(23627);
  const int W = 11, H = 9, x0 = 3, y0 = 2, rw = 6, rh = 5;
  std::vector<float> img = rng.vec<float>(W * H, -1.0, 1.0);
  const std::vector<float> w = rng.vec<float>(W * H);
  auto loss = [&] {
    std::vector<float> o(W * H);
    roi_pipeline(img.data(), W, H, x0, y0, rw, rh, o.data());
    return dot(w, o);
  };
  std::vector<float> o(W * H, 0.0f), g_i(W * H, 0.0f), g_o = w;
  CUAD_GRAD(roi_pipeline_grad_0_7(img.data(), W, H, x0, y0, rw, rh, o.data(), g_i.data(), g_o.data()));
  check.array("img", g_i, fd(img, loss));
  check.array("out", g_o, zeros<double>(W * H));
  return check.finish();
}
