#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw20b_adam_caller_state");
  Rng rng(200201);
  const int m = 72, d = 20, step0 = 3, steps = 4;
  std::vector<double> X = rng.vec(m * d, -0.5, 0.5), y = rng.vec(m, -0.6, 0.6);
  std::vector<double> w0 = rng.vec(d, -0.4, 0.4), m0 = rng.vec(d, -0.05, 0.05);
  std::vector<double> v0 = rng.vec(d, 0.002, 0.01);
  double lr = 0.05, beta1 = 0.9, beta2 = 0.99;
  const std::vector<double> ww = rng.vec(d), wm = rng.vec(d), wv = rng.vec(d);
  auto loss = [&] {
    DeviceArray<double> dX(X), dy(y), dw(w0), dm(m0), dv(v0), dg(d, 0.0), dr(m, 0.0);
    AdamState st{dw.ptr, dm.ptr, dv.ptr, dg.ptr, dr.ptr};
    adam_fit(st, dX.ptr, dy.ptr, lr, beta1, beta2, m, d, step0, steps);
    return dot(ww, dw.get()) + dot(wm, dm.get()) + dot(wv, dv.get());
  };
  DeviceArray<double> dX(X), dy(y), dw(w0), dm(m0), dv(v0), dg(d, 0.0), dr(m, 0.0);
  DeviceArray<double> aX(zeros<double>(m * d)), ay(zeros<double>(m)), aw(ww), am(wm), av(wv),
      ag(zeros<double>(d)), ar(zeros<double>(m));
  AdamState st{dw.ptr, dm.ptr, dv.ptr, dg.ptr, dr.ptr};
  AdamState ast{aw.ptr, am.ptr, av.ptr, ag.ptr, ar.ptr};
  double alr = 0.0, ab1 = 0.0, ab2 = 0.0;
  CUAD_GRAD(adam_fit_grad_0_1_2_3_4_5(st, dX.ptr, dy.ptr, lr, beta1, beta2, m, d, step0, steps,
                                      &ast, aX.ptr, ay.ptr, &alr, &ab1, &ab2));
  check.array("w", aw.get(), fd(w0, loss));
  check.array("m", am.get(), fd(m0, loss));
  check.array("v", av.get(), fd(v0, loss));
  check.array("grad", ag.get(), std::vector<double>(d, 0.0));
  check.array("res", ar.get(), std::vector<double>(m, 0.0));
  check.array("X", aX.get(), fd(X, loss));
  check.array("y", ay.get(), fd(y, loss));
  check.scalar("lr", alr, fd(lr, loss));
  check.scalar("beta1", ab1, fd(beta1, loss));
  check.scalar("beta2", ab2, fd(beta2, loss));
  return check.finish();
}
