#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23f_sobel_nms");
  Rng rng(23604);
  const int W = 9, H = 8;
  std::vector<double> img = rng.vec<double>(W * H, 0.0, 1.0);
  const double softness = 0.2;
  const std::vector<double> wm = rng.vec<double>(W * H), wa = rng.vec<double>(W * H);
  const dim3 block(4, 4), grid((W + 3) / 4, (H + 3) / 4);
  auto run = [&]() {
    DeviceArray<double> d_img(img), d_m(zeros<double>(W * H)), d_a(zeros<double>(W * H));
    CUAD_LAUNCH(sobel_nms, grid, block, d_img.ptr, W, H, softness, d_m.ptr, d_a.ptr);
    return std::make_pair(d_m.get(), d_a.get());
  };
  auto loss = [&] {
    auto r = run();
    return dot(wm, r.first) + dot(wa, r.second);
  };
  DeviceArray<double> d_img(img), d_m(zeros<double>(W * H)), d_a(zeros<double>(W * H)),
      g_img(zeros<double>(W * H)), g_m(wm), g_a(wa);
  CUAD_GRAD(CUAD_LAUNCH(sobel_nms_grad_0_4_5, grid, block, d_img.ptr, W, H, softness, d_m.ptr, d_a.ptr,
                        g_img.ptr, g_m.ptr, g_a.ptr));
  check.array("img", g_img.get(), fd(img, loss));
  check.array("mag_out", g_m.get(), zeros<double>(W * H));
  check.array("ang_out", g_a.get(), zeros<double>(W * H));
  return check.finish();
}
