#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw20a_advection_lw");
  Rng rng(200102);
  const int n = 120, steps = 6;
  std::vector<double> q0(n), qT(n, 0.0);
  for (int i = 0; i < n; ++i)
    q0[i] = std::sin(2.0 * 3.141592653589793 * i / n) + 0.3 * rng.uniform(-1.0, 1.0);
  double c = 0.7;
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    std::vector<double> out(n, 0.0);
    advect_run(q0.data(), out.data(), c, n, steps);
    return dot(w, out);
  };
  std::vector<double> gq0(n, 0.0), gqT = w;
  double gc = 0.0;
  CUAD_GRAD(advect_run_grad_0_1_2(q0.data(), qT.data(), c, n, steps, gq0.data(), gqT.data(), &gc));
  check.array("q0", gq0, fd(q0, loss));
  check.scalar("c", gc, fd(c, loss));
  check.array("qT", gqT, std::vector<double>(n, 0.0));
  return check.finish();
}
