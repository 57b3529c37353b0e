#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("ptr_to_array_rows");
  const int m = 5, len = m * N * N, block = 4;
  const int grid = (m + block - 1) / block;
  Rng rng(41);
  std::vector<double> p = rng.vec(len), out = rng.vec(len);
#if CUAD_OUTPUT == 1
  std::vector<double> w = rng.vec(len);
  auto loss = [&] {
    DeviceArray<double> dp(p), dout(out);
    CUAD_LAUNCH(k, grid, block, dp.ptr, dout.ptr, m);
    return dot(w, dout.get());
  };
  DeviceArray<double> dp(p), dout(out), ap(zeros<double>(len)), aout(w);
  CUAD_GRAD(CUAD_LAUNCH(k_grad_0_1, grid, block, dp.ptr, dout.ptr, m, ap.ptr, aout.ptr));
  check.array("p", ap.get(), fd(p, loss));
  check.array("out", aout.get(), fd(out, loss));
#else
  std::vector<double> vp = rng.vec(len), vout = rng.vec(len);
  auto outputs_at = [&](double s) {
    DeviceArray<double> dp(along(p, s, vp)), dout(along(out, s, vout));
    CUAD_LAUNCH(k, grid, block, dp.ptr, dout.ptr, m);
    return dout.get();
  };
  DeviceArray<double> dp(p), dout(out), tp(vp), tout(vout);
  CUAD_GRAD(CUAD_LAUNCH(k_pushforward, grid, block, dp.ptr, dout.ptr, m, tp.ptr, tout.ptr));
  check.array("out", tout.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
