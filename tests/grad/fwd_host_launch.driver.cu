#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("fwd_host_launch");
  const int n = 80;
  Rng rng(23);
  std::vector<double> x = rng.vec(n), vx = rng.vec(n);
  double a = 0.9, va = -1.1;
  auto outputs_at = [&](double t) {
    std::vector<double> xs = along(x, t, vx), y(n);
    run(n, xs.data(), along(a, t, va), y.data());
    return y;
  };
  std::vector<double> y(n), d_y(n, 123.0);
  CUAD_GRAD(run_pushforward(n, x.data(), a, y.data(), vx.data(), va, d_y.data()));
  check.array("y", d_y, directional_fd<double>(outputs_at));
  return check.finish();
}
