#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;
int main() {
  Checker check("host_vector_assign_range");
  const int n = 20;
  Rng rng(7);
  std::vector<double> x = rng.vec(n), y0 = zeros<double>(n), w = rng.vec(n);
  auto run_at = [&](const std::vector<double>& xx) { std::vector<double> y = y0, xc = xx; run(xc.data(), y.data(), n); return y; };
#if CUAD_OUTPUT == 1
  auto loss = [&] { return dot(w, run_at(x)); };
  std::vector<double> y = y0, ax = zeros<double>(n), ay = w;
  CUAD_GRAD(run_grad_0_1(x.data(), y.data(), n, ax.data(), ay.data()));
  check.array("y", ay, zeros<double>(n));
  check.array("x", ax, fd(x, loss));
#else
  std::vector<double> vx = rng.vec(n);
  auto outputs_at = [&](double t) { return run_at(along(x, t, vx)); };
  std::vector<double> y = y0, ty = zeros<double>(n), xc = x;
  CUAD_GRAD(run_pushforward(xc.data(), y.data(), n, vx.data(), ty.data()));
  check.array("y", ty, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
