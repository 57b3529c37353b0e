#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw20b_policy_elementwise");
  Rng rng(200207);
  const int n = 200;
#if CUAD_OUTPUT == 1
  std::vector<double> x = rng.vec(n, -4.0, 4.0);
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> dx(x), dy(n, 0.0);
    CUAD_LAUNCH((unary_map<Compose<Softplus, Swish>>), 2, 64, dx.ptr, dy.ptr, n);
    return dot(w, dy.get());
  };
  DeviceArray<double> dx(x), dy(n, 0.0), ax(zeros<double>(n)), ay(w);
  CUAD_GRAD(CUAD_LAUNCH((unary_map_grad_0_1<Compose<Softplus, Swish>>), 2, 64, dx.ptr, dy.ptr, n,
                        ax.ptr, ay.ptr));
  check.array("x", ax.get(), fd(x, loss));
  check.array("y", ay.get(), std::vector<double>(n, 0.0));
#elif CUAD_OUTPUT == 2
  std::vector<double> a = rng.vec(n, -3.0, 3.0), b = rng.vec(n, -3.0, 3.0);
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> da(a), db(b), dout(n, 0.0);
    CUAD_LAUNCH(binary_map<LogAddExp>, 4, 64, da.ptr, db.ptr, dout.ptr, n);
    return dot(w, dout.get());
  };
  DeviceArray<double> da(a), db(b), dout(n, 0.0), aa(zeros<double>(n)), ab(zeros<double>(n)),
      aout(w);
  CUAD_GRAD(CUAD_LAUNCH(binary_map_grad_0_1_2<LogAddExp>, 4, 64, da.ptr, db.ptr, dout.ptr, n,
                        aa.ptr, ab.ptr, aout.ptr));
  check.array("a", aa.get(), fd(a, loss));
  check.array("b", ab.get(), fd(b, loss));
  check.array("out", aout.get(), std::vector<double>(n, 0.0));
#elif CUAD_OUTPUT == 3
  std::vector<double> x = rng.vec(n, -3.0, 3.0);
  std::vector<double> out0{0.25};
  auto loss = [&] {
    DeviceArray<double> dx(x), dout(out0);
    CUAD_LAUNCH((map_reduce<Swish, SumOp>), 2, 64, dx.ptr, dout.ptr, n);
    return 1.5 * dout.get()[0];
  };
  DeviceArray<double> dx(x), dout(out0), ax(zeros<double>(n)), aout(std::vector<double>{1.5});
  CUAD_GRAD(CUAD_LAUNCH((map_reduce_grad_0_1<Swish, SumOp>), 2, 64, dx.ptr, dout.ptr, n, ax.ptr,
                        aout.ptr));
  check.array("x", ax.get(), fd(x, loss));
  check.array("out", aout.get(), fd(out0, loss));
#elif CUAD_OUTPUT == 4
  std::vector<double> a = rng.vec(n, -3.0, 3.0), b = rng.vec(n, -3.0, 3.0);
  const std::vector<double> va = rng.vec(n), vb = rng.vec(n);
  auto outputs_at = [&](double t) {
    DeviceArray<double> da(along(a, t, va)), db(along(b, t, vb)), dout(n, 0.0);
    CUAD_LAUNCH(binary_map<LogAddExp>, 4, 64, da.ptr, db.ptr, dout.ptr, n);
    return dout.get();
  };
  DeviceArray<double> da(a), db(b), dout(n, 0.0), ta(va), tb(vb), tout(n, 0.0);
  CUAD_GRAD(CUAD_LAUNCH(binary_map_pushforward<LogAddExp>, 4, 64, da.ptr, db.ptr, dout.ptr, n,
                        ta.ptr, tb.ptr, tout.ptr));
  check.array("out", tout.get(), directional_fd<double>(outputs_at));
#else
  std::vector<double> x = rng.vec(n, -3.0, 3.0), vx = rng.vec(n);
  const double out0 = 0.25, vout = -0.5;
  auto outputs_at = [&](double t) {
    DeviceArray<double> dx(along(x, t, vx)), dout(1, along(out0, t, vout));
    CUAD_LAUNCH((map_reduce<Swish, SumOp>), 2, 64, dx.ptr, dout.ptr, n);
    return dout.get();
  };
  DeviceArray<double> dx(x), dout(1, out0), tx(vx), tout(1, vout);
  CUAD_GRAD(CUAD_LAUNCH((map_reduce_pushforward<Swish, SumOp>), 2, 64, dx.ptr, dout.ptr, n,
                        tx.ptr, tout.ptr));
  check.array("out", tout.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
