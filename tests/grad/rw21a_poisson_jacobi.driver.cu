#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw21a_poisson_jacobi");
  Rng rng(21010);
  const int N = 12, n = N * N, sweeps = 20;  // 2x2 blocks of 8x8, partial
  std::vector<double> f = rng.vec(n, -2.0, 2.0);
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    std::vector<double> u(n, 0.0);
    const double r = poisson::jacobi_solve(f.data(), u.data(), N, sweeps);
    return r + dot(w, u);
  };
  std::vector<double> u(n, 0.0), gf(n, 0.0), gu = w;
  CUAD_GRAD(poisson::jacobi_solve_grad_0_1(f.data(), u.data(), N, sweeps, gf.data(), gu.data()));
  check.array("f", gf, fd(f, loss));
  check.array("u_out", gu, std::vector<double>(n, 0.0));
  return check.finish();
}
