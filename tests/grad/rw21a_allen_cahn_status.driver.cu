#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw21a_allen_cahn_status");
  Rng rng(21012);
  const int n = 70, steps = 8;
  const double dt = 4e-3;  // eps2 dt / dx^2 = 0.2
  std::vector<double> phi0 = rng.vec(n, -1.0, 1.0);
  double eps2 = 0.01;
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    std::vector<double> out(n, 0.0);
    allen_cahn(phi0.data(), eps2, out.data(), n, steps, dt);
    return dot(w, out);
  };
  std::vector<double> out(n, 0.0), gphi(n, 0.0), gout = w;
  double geps = 0.0;
  CUAD_GRAD(allen_cahn_grad_0_1_2(phi0.data(), eps2, out.data(), n, steps, dt, gphi.data(), &geps,
                                  gout.data()));
  check.array("phi0", gphi, fd(phi0, loss));
  check.scalar("eps2", geps, fd(eps2, loss));
  check.array("phi_out", gout, std::vector<double>(n, 0.0));
  return check.finish();
}
