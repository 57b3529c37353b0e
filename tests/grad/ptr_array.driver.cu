#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("ptr_array");
  const int m = 3, len = m * N * N, block = 2;
  const int grid = (m + block - 1) / block;
  Rng rng(5);
  std::vector<double> p = rng.vec(len), o0(m, 0.0);
#if CUAD_OUTPUT == 1
  std::vector<double> w = rng.vec(m);
  auto loss = [&] {
    DeviceArray<double> dp(p), dout(o0);
    CUAD_LAUNCH(k, grid, block, dp.ptr, dout.ptr, m);
    return dot(w, dout.get());
  };
  DeviceArray<double> dp(p), dout(o0), ap(zeros<double>(len)), aout(w);
  CUAD_GRAD(CUAD_LAUNCH(k_grad_0_1, grid, block, dp.ptr, dout.ptr, m, ap.ptr, aout.ptr));
  check.array("p", ap.get(), fd(p, loss));
#else
  std::vector<double> vp = rng.vec(len);
  auto outputs_at = [&](double s) {
    DeviceArray<double> dp(along(p, s, vp)), dout(o0);
    CUAD_LAUNCH(k, grid, block, dp.ptr, dout.ptr, m);
    return dout.get();
  };
  DeviceArray<double> dp(p), dout(o0), tp(vp), tout(o0);
  CUAD_GRAD(CUAD_LAUNCH(k_pushforward, grid, block, dp.ptr, dout.ptr, m, tp.ptr, tout.ptr));
  check.array("out", tout.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
