#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw21d_mdn_nll");
  Rng rng(21409);
  const int K = 3, n = 7, F = 4, block = 4, grid = 2;
  std::vector<double> feats = rng.vec(n * F), W = rng.vec(3 * K * F, -0.6, 0.6),
                      b = rng.vec(3 * K, -0.3, 0.3), y = rng.vec(n, -1.5, 1.5),
                      sw = rng.vec(n, 0.5, 1.5);
  double tw = 0.0;
  for (double v : sw) tw += v;
  const double inv_tw = 1.0 / tw;
  const double loss0 = 0.37;  // the accumulator starts at a nonzero value
  const double wl = 1.3;
  auto loss = [&] {
    DeviceArray<double> d_f(feats), d_W(W), d_b(b), d_y(y), d_sw(sw);
    DeviceScalar<double> d_loss(loss0);
    CUAD_LAUNCH(mdn_nll_forward<3>, grid, block, d_f.ptr, d_W.ptr, d_b.ptr, d_y.ptr, d_sw.ptr,
                d_loss.ptr, n, F, inv_tw);
    return wl * d_loss.value();
  };
  DeviceArray<double> d_f(feats), d_W(W), d_b(b), d_y(y), d_sw(sw), a_f(zeros<double>(n * F)),
      a_W(zeros<double>(W.size())), a_b(zeros<double>(b.size()));
  DeviceScalar<double> d_loss(loss0), a_loss(wl);
  CUAD_GRAD(CUAD_LAUNCH(mdn_nll_forward_grad_0_1_2_5<3>, grid, block, d_f.ptr, d_W.ptr, d_b.ptr,
                        d_y.ptr, d_sw.ptr, d_loss.ptr, n, F, inv_tw, a_f.ptr, a_W.ptr, a_b.ptr,
                        a_loss.ptr));
  check.array("feats", a_f.get(), fd(feats, loss));
  check.array("W", a_W.get(), fd(W, loss));
  check.array("b", a_b.get(), fd(b, loss));
  double l0 = loss0;
  auto loss_acc = [&] {
    DeviceArray<double> d_f2(feats), d_W2(W), d_b2(b), d_y2(y), d_sw2(sw);
    DeviceScalar<double> d_l(l0);
    CUAD_LAUNCH(mdn_nll_forward<3>, grid, block, d_f2.ptr, d_W2.ptr, d_b2.ptr, d_y2.ptr,
                d_sw2.ptr, d_l.ptr, n, F, inv_tw);
    return wl * d_l.value();
  };
  check.scalar("loss", a_loss.value(), fd(l0, loss_acc));
  return check.finish();
}
