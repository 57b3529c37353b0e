#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("ml_pool2d");
  const int C = 2, H = 6, W = 8;
  Rng rng(210);
  std::vector<double> x = rng.vec(C * H * W);
#if CUAD_OUTPUT == 1
  const int no = C * (H / 2) * (W / 2);
  std::vector<double> out = rng.vec(no), w = rng.vec(no);
  std::vector<int> am(no, 0);
  auto loss = [&] {
    DeviceArray<double> d_out(out), d_x(x);
    DeviceArray<int> d_am(am);
    CUAD_LAUNCH(maxpool2d_fwd, 2, 16, d_out.ptr, d_am.ptr, d_x.ptr, C, H, W);
    return dot(w, d_out.get());
  };
  DeviceArray<double> d_out(out), d_x(x), a_out(w), a_x(zeros<double>(x.size()));
  DeviceArray<int> d_am(am);
  CUAD_GRAD(CUAD_LAUNCH(maxpool2d_fwd_grad_0_2, 2, 16, d_out.ptr, d_am.ptr, d_x.ptr, C, H, W, a_out.ptr, a_x.ptr));
#else
  const int no = C * H * W;
  std::vector<double> out = rng.vec(no), w = rng.vec(no);
  auto loss = [&] {
    DeviceArray<double> d_out(out), d_x(x);
    CUAD_LAUNCH(avgpool2d_fwd, 3, 32, d_out.ptr, d_x.ptr, C, H, W);
    return dot(w, d_out.get());
  };
  DeviceArray<double> d_out(out), d_x(x), a_out(w), a_x(zeros<double>(x.size()));
  CUAD_GRAD(CUAD_LAUNCH(avgpool2d_fwd_grad_0_1, 3, 32, d_out.ptr, d_x.ptr, C, H, W, a_out.ptr, a_x.ptr));
#endif
  check.array("out", a_out.get(), fd(out, loss));
  check.array("x", a_x.get(), fd(x, loss));
  return check.finish();
}
