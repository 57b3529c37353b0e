#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23f_bilateral");
  Rng rng(23602);
  const int W = 10, H = 9;
  std::vector<double> img = rng.vec<double>(W * H, 0.0, 1.0);
  BilateralParams p{1.5, 0.3, 2};
  const std::vector<double> w = rng.vec<double>(W * H);
  const dim3 block(4, 4), grid((W + 3) / 4, (H + 3) / 4);
  auto run = [&]() {
    DeviceArray<double> d_img(img), d_out(zeros<double>(W * H));
    CUAD_LAUNCH(bilateral_filter, grid, block, d_img.ptr, d_out.ptr, W, H, p);
    return d_out.get();
  };
  auto loss = [&] { return dot(w, run()); };
  DeviceArray<double> d_img(img), d_out(zeros<double>(W * H)), g_img(zeros<double>(W * H)), g_out(w);
  BilateralParams gp{0.0, 0.0, 0};
  DeviceArray<BilateralParams> g_p(std::vector<BilateralParams>{gp});
  CUAD_GRAD(CUAD_LAUNCH(bilateral_filter_grad_0_1_4, grid, block, d_img.ptr, d_out.ptr, W, H, p,
                        g_img.ptr, g_out.ptr, g_p.ptr));
  check.array("img", g_img.get(), fd(img, loss));
  const BilateralParams got = g_p.get()[0];
  check.scalar("sigma_s", got.sigma_s, fd(p.sigma_s, loss));
  check.scalar("sigma_r", got.sigma_r, fd(p.sigma_r, loss));
  check.array("out", g_out.get(), zeros<double>(W * H));
  return check.finish();
}
