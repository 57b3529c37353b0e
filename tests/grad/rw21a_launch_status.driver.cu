#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw21a_launch_status");
  Rng rng(21011);
  const int n = 80, steps = 6;
  const double dt = 0.01;
  std::vector<double> u0 = rng.vec(n, 0.5, 1.5), v0 = rng.vec(n, 2.0, 3.0);
  std::vector<double> rates = {1.0, 3.0, 2e-3, 1e-3};
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    std::vector<double> out(n, 0.0);
    run_brusselator(u0.data(), v0.data(), rates.data(), out.data(), n, steps, dt);
    return dot(w, out);
  };
  std::vector<double> out(n, 0.0), gu(n, 0.0), gv(n, 0.0), gr(4, 0.0), gout = w;
  CUAD_GRAD(run_brusselator_grad_0_1_2_3(u0.data(), v0.data(), rates.data(), out.data(), n,
                                         steps, dt, gu.data(), gv.data(), gr.data(),
                                         gout.data()));
  check.array("u0", gu, fd(u0, loss));
  check.array("v0", gv, fd(v0, loss));
  check.array("rates", gr, fd(rates, loss));
  check.array("u_out", gout, std::vector<double>(n, 0.0));
  return check.finish();
}
