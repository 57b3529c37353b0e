#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24d_nose_hoover_host");
  Rng rng(24114);
  const int n = 8, nsteps = 6;
  const double sigma = 1.0, dt = 0.005;
  double eps = 1.0, Q = 2.0, kT = 0.5;
  std::vector<double> x, v = rng.vec(3 * n, -0.6, 0.6);
  for (int a = 0; a < 2; ++a)
    for (int b = 0; b < 2; ++b)
      for (int c = 0; c < 2; ++c)
        for (int d : {a, b, c}) x.push_back(1.12 * d - 0.56 + rng.uniform(-0.05, 0.05));
  const std::vector<double> wx = rng.vec(3 * n), wv = rng.vec(3 * n);
  auto loss = [&] {
    std::vector<double> xc = x, vc = v;
    const double h = nvt_nose_hoover(xc.data(), vc.data(), n, eps, sigma, Q, kT, dt, nsteps);
    return h + dot(wx, xc) + dot(wv, vc);
  };
  std::printf("loss %.6f\n", loss());
  std::vector<double> xc = x, vc = v, g_x = wx, g_v = wv;
  double g_eps = 0.0, g_Q = 0.0, g_kT = 0.0;
  CUAD_GRAD(nvt_nose_hoover_grad_0_1_3_5_6(xc.data(), vc.data(), n, eps, sigma, Q, kT, dt, nsteps, g_x.data(), g_v.data(),
                                           &g_eps, &g_Q, &g_kT));
  check.array("x", g_x, fd(x, loss));
  check.array("v", g_v, fd(v, loss));
  check.scalar("eps", g_eps, fd(eps, loss));
  check.scalar("Q", g_Q, fd(Q, loss));
  check.scalar("kT", g_kT, fd(kT, loss));
  return check.finish();
}
