#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("fwd3_host_converge");
  const int n = 40;
  Rng rng(320);
  std::vector<double> b = rng.vec(n), vb = rng.vec(n);
  double diag = 4.0, vd = 0.5, tol = 1e-7;
  auto outputs_at = [&](double t) {
    std::vector<double> bs = along(b, t, vb), u(n / 2);
    double s = jacobi_solve(n, bs.data(), along(diag, t, vd), tol, u.data());
    u.push_back(s);
    return u;
  };
  std::vector<double> u(n / 2), d_u(n / 2, 0.0);
  double value = 0, tangent = 0;
  CUAD_GRAD(auto r = jacobi_solve_pushforward(n, b.data(), diag, tol, u.data(), vb.data(), vd, 0.0, d_u.data());
            value = r.value; tangent = r.pushforward);
  std::vector<double> got = d_u;
  got.push_back(tangent);
  // converged to 1e-7: the derivative of the iterate matches the solution's to about that
  check.array("u_half, s", got, directional_fd<double>(outputs_at), Tol{1e-5, 1e-4});
#if !defined(CUAD_SELFTEST)
  std::vector<double> u2(n / 2);
  check.scalar("value", value, jacobi_solve(n, b.data(), diag, tol, u2.data()));
#endif
  return check.finish();
}
