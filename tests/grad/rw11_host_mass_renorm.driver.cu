#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw11_host_mass_renorm");
  const int n = 40, steps = 4;
  Rng rng(1102);
  std::vector<double> u0 = rng.vec(n, 0.2, 0.9), coef = {0.15, 0.8}, w = rng.vec(n),
                      out0 = rng.vec(n);
#if CUAD_OUTPUT == 2
  std::vector<double> vu0 = rng.vec(n), vcoef = {0.5, -0.7};
  auto outputs_at = [&](double t) {
    std::vector<double> a = along(u0, t, vu0), c = along(coef, t, vcoef), u = out0;
    evolve(a.data(), c.data(), u.data(), n, steps);
    return u;
  };
  std::vector<double> u = out0, d_u(n, 4.0);
  CUAD_GRAD(evolve_pushforward(u0.data(), coef.data(), u.data(), n, steps, vu0.data(),
                               vcoef.data(), d_u.data()));
  check.array("u_out", d_u, directional_fd<double>(outputs_at));
  return check.finish();
#else
  auto loss = [&] {
    std::vector<double> u = out0;
    evolve(u0.data(), coef.data(), u.data(), n, steps);
    return dot(w, u);
  };
  std::vector<double> u = out0, a_u0(n, 0.0), a_c(2, 0.0), a_u = w;
  CUAD_GRAD(evolve_grad_0_1_2(u0.data(), coef.data(), u.data(), n, steps, a_u0.data(),
                              a_c.data(), a_u.data()));
  check.array("u0", a_u0, fd(u0, loss));
  check.array("coef", a_c, fd(coef, loss));
  check.array("u_out", a_u, std::vector<double>(n, 0.0));
  return check.finish();
#endif
}
