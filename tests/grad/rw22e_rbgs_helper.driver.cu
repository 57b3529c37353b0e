#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw22e_rbgs_helper");
  const int nx = 11, ny = 8, n = nx * ny, iters = 3;
  const double h = 0.25;
  Rng rng(22510);
  std::vector<double> u = rng.vec(n), f = rng.vec(n, -2.0, 2.0);
  double omega = 1.4;
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(n);
  const double wres = 0.05;
  auto loss = [&] {
    std::vector<double> uu = u;
    double res = 0.0;
    poisson_rbgs(uu.data(), f.data(), omega, h, nx, ny, iters, &res);
    return dot(w, uu) + wres * res;
  };
  std::vector<double> uu = u, gu = w, gf(n, 0.0);
  double res = 0.0, gres = wres, gomega = 0.0;
  CUAD_GRAD(poisson_rbgs_grad_0_1_2_7(uu.data(), f.data(), omega, h, nx, ny, iters, &res, gu.data(),
                                      gf.data(), &gomega, &gres));
  check.array("u", gu, fd(u, loss));
  check.array("f", gf, fd(f, loss));
  check.scalar("omega", gomega, fd(omega, loss));
  check.scalar("res", gres, 0.0);
#else
  const std::vector<double> tu = rng.vec(n), tf = rng.vec(n);
  const double tomega = -0.1, th = 0.02;
  auto outputs_at = [&](double t) {
    std::vector<double> uu = along(u, t, tu);
    const std::vector<double> ff = along(f, t, tf);
    double res = 0.0;
    poisson_rbgs(uu.data(), ff.data(), along(omega, t, tomega), along(h, t, th), nx, ny, iters, &res);
    uu.push_back(res);
    return uu;
  };
  std::vector<double> uu = u, tuu = tu;
  double res = 0.0, tres = 7.0;
  CUAD_GRAD(poisson_rbgs_pushforward(uu.data(), f.data(), omega, h, nx, ny, iters, &res, tuu.data(),
                                     tf.data(), tomega, th, &tres));
  tuu.push_back(tres);
  check.array("u, res tangent", tuu, directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  uu.push_back(res);
  check.array("u, res value", uu, outputs_at(0.0));
#endif
#endif
  return check.finish();
}
