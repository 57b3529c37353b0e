#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw14_host_param_struct");
  const int nx = 13, ny = 10, n = nx * ny;
  const double h = 0.5;
  double alpha = 0.07, beta = 0.3;
  Rng rng(1408);
  std::vector<double> x = rng.vec(n), w = rng.vec(n);
  auto loss = [&] {
    std::vector<double> y(n);
    relax_apply(x.data(), alpha, beta, y.data(), nx, ny, h);
    return dot(w, y);
  };
  std::vector<double> y(n), ax(n, 0.0), ay = w;
  double aa = 0.0, ab = 0.0;
  CUAD_GRAD(relax_apply_grad_0_1_2_3(x.data(), alpha, beta, y.data(), nx, ny, h, ax.data(), &aa, &ab, ay.data()));
  check.array("y", ay, std::vector<double>(n, 0.0));
  check.array("x", ax, fd(x, loss));
  check.scalar("alpha", aa, fd(alpha, loss));
  check.scalar("beta", ab, fd(beta, loss));
  return check.finish();
}
