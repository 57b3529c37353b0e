#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw21c_swe_lax");
  Rng rng(21031);
  Params p{9.81, 0.01, 0.5, 0.6, 10, 9};
  const int n = p.nx * p.ny, nsteps = 6;
  std::vector<double> h0(n), hu0 = rng.vec(n, -0.3, 0.3);
  for (int j = 0; j < p.ny; ++j)
    for (int i = 0; i < p.nx; ++i)
      h0[j * p.nx + i] = 1.0 + 0.3 * std::exp(-0.1 * ((i - 4.0) * (i - 4.0) + (j - 5.0) * (j - 5.0))) +
                         rng.uniform(-0.05, 0.05);
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    std::vector<double> out(n, 0.0);
    swe_run(h0.data(), hu0.data(), out.data(), p, nsteps);
    return dot(w, out);
  };
  std::vector<double> out(n, 0.0), gh(n, 0.0), ghu(n, 0.0), gout = w;
  Params gp{0.0, 0.0, 0.0, 0.0, 0, 0};
  CUAD_GRAD(swe_run_grad_0_1_2_3(h0.data(), hu0.data(), out.data(), p, nsteps, gh.data(), ghu.data(),
                                 gout.data(), &gp));
  check.array("h0", gh, fd(h0, loss));
  check.array("hu0", ghu, fd(hu0, loss));
  check.scalar("p.g", gp.g, fd(p.g, loss));
  check.scalar("p.dt", gp.dt, fd(p.dt, loss));
  check.scalar("p.dx", gp.dx, fd(p.dx, loss));
  check.scalar("p.dy", gp.dy, fd(p.dy, loss));
  check.array("h_out", gout, std::vector<double>(n, 0.0));
  return check.finish();
}
