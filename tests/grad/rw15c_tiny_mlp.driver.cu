#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw15c_tiny_mlp");
  const int n = 40;
  Rng rng(15001);
  std::vector<double> x = rng.vec(n * kIn), W1 = rng.vec(kHidden * kIn), b1 = rng.vec(kHidden),
                      W2 = rng.vec(kOut * kHidden), w = rng.vec(n * kOut);
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    DeviceArray<double> dx(x), dw1(W1), db1(b1), dw2(W2), dout(n * kOut, 0.0);
    CUAD_LAUNCH(tiny_mlp, 2, 32, dx.ptr, dw1.ptr, db1.ptr, dw2.ptr, dout.ptr, n);
    return dot(w, dout.get());
  };
  DeviceArray<double> dx(x), dw1(W1), db1(b1), dw2(W2), dout(n * kOut, 0.0);
  DeviceArray<double> ax(zeros<double>(n * kIn)), aw1(zeros<double>(kHidden * kIn)),
      ab1(zeros<double>(kHidden)), aw2(zeros<double>(kOut * kHidden)), aout(w);
  CUAD_GRAD(CUAD_LAUNCH(tiny_mlp_grad_0_1_2_3_4, 2, 32, dx.ptr, dw1.ptr, db1.ptr, dw2.ptr, dout.ptr, n,
                        ax.ptr, aw1.ptr, ab1.ptr, aw2.ptr, aout.ptr));
  check.array("x", ax.get(), fd(x, loss));
  check.array("W1", aw1.get(), fd(W1, loss));
  check.array("b1", ab1.get(), fd(b1, loss));
  check.array("W2", aw2.get(), fd(W2, loss));
  check.array("out", aout.get(), zeros<double>(n * kOut));
#else
  std::vector<double> vx = rng.vec(n * kIn), vw1 = rng.vec(kHidden * kIn), vb1 = rng.vec(kHidden),
                      vw2 = rng.vec(kOut * kHidden);
  auto outputs_at = [&](double t) {
    DeviceArray<double> dx(along(x, t, vx)), dw1(along(W1, t, vw1)), db1(along(b1, t, vb1)),
        dw2(along(W2, t, vw2)), dout(n * kOut, 0.0);
    CUAD_LAUNCH(tiny_mlp, 2, 32, dx.ptr, dw1.ptr, db1.ptr, dw2.ptr, dout.ptr, n);
    return dout.get();
  };
  DeviceArray<double> dx(x), dw1(W1), db1(b1), dw2(W2), dout(n * kOut, 0.0);
  DeviceArray<double> tx(vx), tw1(vw1), tb1(vb1), tw2(vw2), tout(n * kOut, 0.0);
  CUAD_GRAD(CUAD_LAUNCH(tiny_mlp_pushforward, 2, 32, dx.ptr, dw1.ptr, db1.ptr, dw2.ptr, dout.ptr, n,
                        tx.ptr, tw1.ptr, tb1.ptr, tw2.ptr, tout.ptr));
  check.array("out", tout.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
