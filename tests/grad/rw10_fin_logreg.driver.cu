#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw10_fin_logreg");
  const int n = 300, nf = 3;
  Rng rng(31337);
  std::vector<double> X = rng.vec(n * nf, -2.0, 2.0), w = {0.7, -1.1, 0.4};
  std::vector<int> y(n);
  for (int i = 0; i < n; ++i) y[i] = rng.uniform(0, 1) < 0.5 ? 1 : 0;
  double b = 0.15, l2 = 0.05, loss0 = 0.3;
  DeviceArray<int> d_y(y);
  auto run = [&](const std::vector<double>& Xv, const std::vector<double>& wv, double bv,
                 double lv) {
    DeviceArray<double> d_l(std::vector<double>{lv}), d_X(Xv), d_w(wv);
    CUAD_LAUNCH(logreg_loss, 2, 64, d_l.ptr, d_X.ptr, d_y.ptr, d_w.ptr, bv, l2, n);
    return d_l.get()[0];
  };
#if CUAD_OUTPUT == 1
  const double wl = 1.7;
  auto loss = [&] { return wl * run(X, w, b, loss0); };
  DeviceArray<double> d_l(std::vector<double>{loss0}), d_X(X), d_w(w);
  DeviceArray<double> a_l(std::vector<double>{wl}), a_X(zeros<double>(n * nf)),
      a_w(zeros<double>(nf));
  DeviceScalar<double> a_b;
  CUAD_GRAD(CUAD_LAUNCH(logreg_loss_grad_0_1_3_4, 2, 64, d_l.ptr, d_X.ptr, d_y.ptr, d_w.ptr, b,
                        l2, n, a_l.ptr, a_X.ptr, a_w.ptr, a_b.ptr));
  check.scalar("loss", a_l.get()[0], fd(loss0, loss));
  check.array("X", a_X.get(), fd(X, loss));
  check.array("w", a_w.get(), fd(w, loss));
  check.scalar("b", a_b.value(), fd(b, loss));
#else
  const std::vector<double> vw = {0.3, -0.2, 0.9};
  const double vb = -0.4, vl = 0.25;
  auto outputs_at = [&](double t) {
    return std::vector<double>{run(X, along(w, t, vw), along(b, t, vb), along(loss0, t, vl))};
  };
  DeviceArray<double> d_l(std::vector<double>{loss0}), d_X(X), d_w(w);
  DeviceArray<double> t_l(std::vector<double>{vl}), t_w(vw);
  CUAD_GRAD(CUAD_LAUNCH(logreg_loss_pushforward_0_3_4, 2, 64, d_l.ptr, d_X.ptr, d_y.ptr, d_w.ptr, b, l2,
                        n, t_l.ptr, t_w.ptr, vb));
  check.array("loss", t_l.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
