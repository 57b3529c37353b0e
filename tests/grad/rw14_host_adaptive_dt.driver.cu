#include CUAD_GENERATED
#include "cuad_test.h"
#include <cmath>
using namespace cuad_test;

int main() {
  Checker check("rw14_host_adaptive_dt");
  const int n = 100, steps = 7, every = 3;  // checks at steps 0, 3, 6
  const double dt0 = 0.002, dx = 0.1;
  double D = 0.8, kr = 1.3;
  Rng rng(1404);
  std::vector<double> u(n), w = rng.vec(n);
  for (int i = 0; i < n; ++i) u[i] = std::cos(0.2 * i) + 0.4 * rng.uniform(-1, 1);
  const double wt = 3.0;
  auto loss = [&] {
    std::vector<double> s = u;
    double t = react_diffuse(s.data(), D, kr, dt0, dx, n, steps, every);
    return wt * t + dot(w, s);
  };
  std::vector<double> s = u, au = w;
  double aD = 0.0, akr = 0.0;
  // The return value's adjoint is seeded with 1: scale w by 1/wt and compare wt * gradient.
  for (auto& v : au) v /= wt;
  CUAD_GRAD(react_diffuse_grad_0_1_2(s.data(), D, kr, dt0, dx, n, steps, every, au.data(), &aD, &akr));
  for (auto& v : au) v *= wt;
  aD *= wt;
  akr *= wt;
  check.array("u", au, fd(u, loss));
  check.scalar("D", aD, fd(D, loss));
  check.scalar("kr", akr, fd(kr, loss));
  return check.finish();
}
