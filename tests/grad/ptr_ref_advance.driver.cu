#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("ptr_ref_advance");
  const int n = 5, block = 4;
  const int grid = (n + block - 1) / block;
  Rng rng(29);
  std::vector<double> x = rng.vec(9 * n), w = rng.vec(2), o0(3 * n, 0.0);
#if CUAD_OUTPUT == 1
  std::vector<double> wo = rng.vec(3 * n);
  auto loss = [&] {
    DeviceArray<double> dx(x), dw(w), dout(o0);
    CUAD_LAUNCH(k, grid, block, dx.ptr, dw.ptr, dout.ptr, n);
    return dot(wo, dout.get());
  };
  DeviceArray<double> dx(x), dw(w), dout(o0);
  DeviceArray<double> ax(zeros<double>(x.size())), aw(zeros<double>(2)), aout(wo);
  CUAD_GRAD(CUAD_LAUNCH(k_grad_0_1_2, grid, block, dx.ptr, dw.ptr, dout.ptr, n, ax.ptr, aw.ptr,
                        aout.ptr));
  check.array("x", ax.get(), fd(x, loss));
  check.array("w", aw.get(), fd(w, loss));
  check.array("out", aout.get(), zeros<double>(3 * n));
#else
  std::vector<double> vx = rng.vec(x.size()), vw = rng.vec(2);
  auto outputs_at = [&](double s) {
    DeviceArray<double> dx(along(x, s, vx)), dw(along(w, s, vw)), dout(o0);
    CUAD_LAUNCH(k, grid, block, dx.ptr, dw.ptr, dout.ptr, n);
    return dout.get();
  };
  DeviceArray<double> dx(x), dw(w), dout(o0), tx(vx), tw(vw), tout(o0);
  CUAD_GRAD(CUAD_LAUNCH(k_pushforward, grid, block, dx.ptr, dw.ptr, dout.ptr, n, tx.ptr, tw.ptr,
                        tout.ptr));
  check.array("out", tout.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
