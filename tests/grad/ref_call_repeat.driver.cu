#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("ref_call_repeat");
  const int n = 5, block = 4;
  const int grid = (n + block - 1) / block;
  Rng rng(31);
  std::vector<double> x = rng.vec(n), o0(n, 0.0);
  double h = 0.3;
#if CUAD_OUTPUT == 1
  std::vector<double> wo = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> dx(x), dout(o0);
    CUAD_LAUNCH(k, grid, block, dx.ptr, dout.ptr, n);
    return dot(wo, dout.get());
  };
  DeviceArray<double> dx(x), dout(o0), ax(zeros<double>(n)), aout(wo);
  CUAD_GRAD(CUAD_LAUNCH(k_grad_0_1, grid, block, dx.ptr, dout.ptr, n, ax.ptr, aout.ptr));
  check.array("x", ax.get(), fd(x, loss));
#elif CUAD_OUTPUT == 2
  std::vector<double> vx = rng.vec(n);
  auto outputs_at = [&](double s) {
    DeviceArray<double> dx(along(x, s, vx)), dout(o0);
    CUAD_LAUNCH(k, grid, block, dx.ptr, dout.ptr, n);
    return dout.get();
  };
  DeviceArray<double> dx(x), dout(o0), tx(vx), tout(o0);
  CUAD_GRAD(CUAD_LAUNCH(k_pushforward, grid, block, dx.ptr, dout.ptr, n, tx.ptr, tout.ptr));
  check.array("out", tout.get(), directional_fd<double>(outputs_at));
#elif CUAD_OUTPUT == 3
  auto loss = [&] { return host(h, 3); };
  double ah = 0.0;
  CUAD_GRAD(host_grad_0(h, 3, &ah));
  check.scalar("x", ah, fd(h, loss));
#else
  auto outputs_at = [&](double s) { return std::vector<double>{host(along(h, s, 1.0), 3)}; };
  auto r = host_pushforward(h, 3, 1.0);
  check.scalar("value", r.value, host(h, 3));
  check.array("t", std::vector<double>{r.pushforward}, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
