#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;
int main() {
  Checker check("host_vector_helpers");
  const int n = 20;
  Rng rng(13);
  std::vector<double> x = rng.vec(n), w = rng.vec(n);
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    std::vector<double> y(n), xc = x;
    double r = run(xc.data(), y.data(), n);
    return r + dot(w, y);
  };
  std::vector<double> y(n), ax = zeros<double>(n), ay = w;
  CUAD_GRAD(run_grad_0_1(x.data(), y.data(), n, ax.data(), ay.data()));
  check.array("y", ay, zeros<double>(n));
  check.array("x", ax, fd(x, loss));
#else
  std::vector<double> vx = rng.vec(n);
  auto outputs_at = [&](double t) {
    std::vector<double> y(n), xs = along(x, t, vx);
    double r = run(xs.data(), y.data(), n);
    y.push_back(r);
    return y;
  };
  std::vector<double> y(n), ty = zeros<double>(n), xc = x;
  double value = 0, tangent = 0;
  CUAD_GRAD(auto r = run_pushforward(xc.data(), y.data(), n, vx.data(), ty.data());
            value = r.value; tangent = r.pushforward);
  ty.push_back(tangent);
  check.array("y, result", ty, directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  std::vector<double> y2(n), x2 = x;
  check.scalar("value", value, run(x2.data(), y2.data(), n));
#endif
#endif
  return check.finish();
}
