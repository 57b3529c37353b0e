#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw21a_fv_burgers");
  Rng rng(21006);
  const int n = 90, steps = 8;
  const double length = 2.0;
  // a smooth positive wave plus noise: |u| stays away from 0, one clear maximum
  std::vector<double> u0(n);
  for (int i = 0; i < n; ++i)
    u0[i] = 1.0 + 0.5 * std::sin(2.0 * M_PI * i / n) + 0.05 * rng.uniform(-1.0, 1.0);
  double nu = 0.01;  // advective CFL limit is the active one (dt_visc is much larger)
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    std::vector<double> out(n, 0.0);
    burgers_fv(u0.data(), nu, out.data(), n, steps, length);
    return dot(w, out);
  };
  std::vector<double> out(n, 0.0), gu0(n, 0.0), gout = w;
  double gnu = 0.0;
  CUAD_GRAD(burgers_fv_grad_0_1_2(u0.data(), nu, out.data(), n, steps, length, gu0.data(), &gnu,
                                  gout.data()));
  check.array("u0", gu0, fd(u0, loss));
  check.scalar("nu", gnu, fd(nu, loss));
  check.array("u_out", gout, std::vector<double>(n, 0.0));
  return check.finish();
}
