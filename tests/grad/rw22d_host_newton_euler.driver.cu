#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw22d_host_newton_euler");
  const int n = 50, steps = 6;
  Rng rng(2210);
  std::vector<double> y0 = rng.vec(n, -1.5, 1.5), vy0 = rng.vec(n), k = rng.vec(n, 2.0, 20.0),
                      vk = rng.vec(n);
  double s = 0.4, vs = 0.3, c = 0.8, vc = -0.5, dt = 0.1, vdt = 0.05;
#if CUAD_OUTPUT == 2
  std::vector<double> w = rng.vec(n);
  const double wm = 1.3;
  auto loss = [&]() {
    std::vector<double> yf(n);
    const double m = implicit_run(n, y0.data(), k.data(), s, c, dt, steps, yf.data());
    return wm * m + dot(w, yf);
  };
  std::vector<double> yf(n), ay0(n, 0.0), ak(n, 0.0), ayf(n);
  for (int i = 0; i < n; ++i) ayf[i] = w[i] / wm;
  double as = 0.0, ac = 0.0, adt = 0.0;
  CUAD_GRAD(implicit_run_grad_1_2_3_4_5_7(n, y0.data(), k.data(), s, c, dt, steps, yf.data(),
                                          ay0.data(), ak.data(), &as, &ac, &adt, ayf.data()));
  for (double& g : ay0) g *= wm;
  for (double& g : ak) g *= wm;
  check.array("y0", ay0, fd(y0, loss));
  check.array("k", ak, fd(k, loss));
  check.scalar("s", wm * as, fd(s, loss));
  check.scalar("c", wm * ac, fd(c, loss));
  check.scalar("dt", wm * adt, fd(dt, loss));
#else
  auto outputs_at = [&](double t) {
    std::vector<double> yf(n);
    const double m = implicit_run(n, along(y0, t, vy0).data(), along(k, t, vk).data(),
                                  along(s, t, vs), along(c, t, vc), along(dt, t, vdt), steps,
                                  yf.data());
    yf.push_back(m);
    return yf;
  };
  std::vector<double> yf(n, 0.0), d_yf(n, 0.0);
  double value = 0.0, tangent = 0.0;
  CUAD_GRAD({
    auto r = implicit_run_pushforward(n, y0.data(), k.data(), s, c, dt, steps, yf.data(),
                                      vy0.data(), vk.data(), vs, vc, vdt, d_yf.data());
    value = r.value;
    tangent = r.pushforward;
  });
  std::vector<double> tan = d_yf;
  tan.push_back(tangent);
  check.array("y_final,mean", tan, directional_fd<double>(outputs_at));
  std::vector<double> prim = yf;
  prim.push_back(value);
  check.array("primal y_final,mean", prim, outputs_at(0.0), Tol{1e-12, 1e-12});
#endif
  return check.finish();
}
