#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw12_cpp_custom_fastexp");
  const int n = 70, m = 45;
  Rng rng(1204);
  std::vector<double> x = rng.vec(n, -2.0, 2.0), c = rng.vec(m, -2.0, 2.0), a = rng.vec(m),
                      out0 = rng.vec(n);
  double s = 0.8;
  auto run = [&](const std::vector<double>& xx, const std::vector<double>& cc,
                 const std::vector<double>& aa, double ss) {
    DeviceArray<double> dx(xx), dc(cc), da(aa), dout(out0);
    CUAD_LAUNCH(rbf_eval, 3, TILE, dx.ptr, dc.ptr, da.ptr, ss, dout.ptr, n, m);
    return dout.get();
  };
#if CUAD_OUTPUT == 1
  std::vector<double> w = rng.vec(n);
  auto loss = [&] { return dot(w, run(x, c, a, s)); };
  DeviceArray<double> dx(x), dc(c), da(a), dout(out0), ax(zeros<double>(n)), ac(zeros<double>(m)),
      aa(zeros<double>(m)), aout(w);
  CUAD_GRAD(CUAD_LAUNCH(rbf_eval_grad_0_1_2_4, 3, TILE, dx.ptr, dc.ptr, da.ptr, s, dout.ptr, n, m,
                        ax.ptr, ac.ptr, aa.ptr, aout.ptr));
  check.array("x", ax.get(), fd(x, loss));
  check.array("centers", ac.get(), fd(c, loss));
  check.array("coef", aa.get(), fd(a, loss));
  check.array("out", aout.get(), fd(out0, loss));
#else
  std::vector<double> vx = rng.vec(n), vc = rng.vec(m), va = rng.vec(m);
  double vs = -0.3;
  auto outputs_at = [&](double t) {
    return run(along(x, t, vx), along(c, t, vc), along(a, t, va), along(s, t, vs));
  };
  DeviceArray<double> dx(x), dc(c), da(a), dout(out0), tx(vx), tc(vc), ta(va), tout(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(rbf_eval_pushforward, 3, TILE, dx.ptr, dc.ptr, da.ptr, s, dout.ptr, n, m,
                        tx.ptr, tc.ptr, ta.ptr, vs, tout.ptr));
  check.array("out", tout.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
