#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw20a_momentum_fit");
  Rng rng(200108);
  const int m = 90, d = 6, iters = 5;
  std::vector<double> X = rng.vec(m * d), y = rng.vec(m, 0.1, 0.9), w0 = rng.vec(d, -0.5, 0.5);
  double ridge = 0.05, lr = 0.4, beta = 0.8;
  const std::vector<double> wt = rng.vec(d);
  auto loss = [&] {
    DeviceArray<double> dX(X), dy(y);
    Dataset ds{dX.ptr, dy.ptr, ridge, m, d};
    std::vector<double> out(d, 0.0);
    fit_unrolled(ds, lr, beta, w0.data(), out.data(), iters);
    return dot(wt, out);
  };
  DeviceArray<double> dX(X), dy(y);
  DeviceArray<double> aX(zeros<double>(m * d)), ay(zeros<double>(m));
  Dataset ds{dX.ptr, dy.ptr, ridge, m, d};
  Dataset ads{aX.ptr, ay.ptr, 0.0, 0, 0};
  std::vector<double> wT(d, 0.0), gw0(d, 0.0), gwT = wt;
  double glr = 0.0, gbeta = 0.0;
  CUAD_GRAD(fit_unrolled_grad_0_1_2_3_4(ds, lr, beta, w0.data(), wT.data(), iters, &ads, &glr,
                                        &gbeta, gw0.data(), gwT.data()));
  check.array("X", aX.get(), fd(X, loss));
  check.array("y", ay.get(), fd(y, loss));
  check.scalar("ridge", ads.ridge, fd(ridge, loss));
  check.scalar("lr", glr, fd(lr, loss));
  check.scalar("beta", gbeta, fd(beta, loss));
  check.array("w0", gw0, fd(w0, loss));
  check.array("wT", gwT, std::vector<double>(d, 0.0));
  return check.finish();
}
