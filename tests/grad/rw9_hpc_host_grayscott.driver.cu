#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw9_hpc_host_grayscott");
  const int n = 100, steps = 5;  // 64 threads stride over 100 cells
  const double dt = 0.4;
  Rng rng(9107);
  std::vector<double> u = rng.vec(n, 0.3, 1.0), v = rng.vec(n, 0.0, 0.5), wu = rng.vec(n), wv = rng.vec(n);
  std::vector<double> params = {0.2, 0.1, 0.04, 0.06};
  auto loss = [&] {
    std::vector<double> su = u, sv = v;
    double m = gray_scott(su.data(), sv.data(), params.data(), dt, n, steps);
    return m + dot(wu, su) + dot(wv, sv);
  };
  std::vector<double> su = u, sv = v, au = wu, av = wv, ap(4, 0.0);
  CUAD_GRAD(gray_scott_grad_0_1_2(su.data(), sv.data(), params.data(), dt, n, steps, au.data(), av.data(), ap.data()));
  check.array("u", au, fd(u, loss));
  check.array("v", av, fd(v, loss));
  check.array("params", ap, fd(params, loss));
  return check.finish();
}
