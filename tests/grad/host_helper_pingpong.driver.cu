#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;
int main() {
  Checker check("host_helper_pingpong");
  const int n = 12, L = 3;
  Rng rng(1909);
  std::vector<double> x = rng.vec(n), wts = rng.vec(L * n * n, -0.4, 0.4);
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] { std::vector<double> y(n); mlp_forward(x.data(), wts.data(), y.data(), n, L); return dot(w, y); };
  std::vector<double> y(n, 0.0), gx(n, 0.0), gw(L * n * n, 0.0), gy = w;
  CUAD_GRAD(mlp_forward_grad_0_1_2(x.data(), wts.data(), y.data(), n, L, gx.data(), gw.data(), gy.data()));
  check.array("x", gx, fd(x, loss));
  check.array("wts", gw, fd(wts, loss));
  check.array("y", gy, std::vector<double>(n, 0.0));
  return check.finish();
}
