#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("ptr_ref_param");
  const int n = 70, block = 32;
  const int grid = (n + block - 1) / block;
  Rng rng(7);
  std::vector<double> x = rng.vec(2 * n), o0(n, 0.0);
#if CUAD_OUTPUT == 1
  std::vector<double> wo = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> dx(x), dout(o0);
    CUAD_LAUNCH(k, grid, block, dx.ptr, dout.ptr, n);
    return dot(wo, dout.get());
  };
  DeviceArray<double> dx(x), dout(o0), ax(zeros<double>(x.size())), aout(wo);
  CUAD_GRAD(CUAD_LAUNCH(k_grad_0_1, grid, block, dx.ptr, dout.ptr, n, ax.ptr, aout.ptr));
  check.array("x", ax.get(), fd(x, loss));
#else
  std::vector<double> vx = rng.vec(x.size());
  auto outputs_at = [&](double s) {
    DeviceArray<double> dx(along(x, s, vx)), dout(o0);
    CUAD_LAUNCH(k, grid, block, dx.ptr, dout.ptr, n);
    return dout.get();
  };
  DeviceArray<double> dx(x), dout(o0), tx(vx), tout(o0);
  CUAD_GRAD(CUAD_LAUNCH(k_pushforward, grid, block, dx.ptr, dout.ptr, n, tx.ptr, tout.ptr));
  check.array("out", tout.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
