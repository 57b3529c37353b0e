#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw11_host_l2norm");
  const int rows = 13, dim = 5, batch = 6, n = rows * batch;
  Rng rng(1101);
  std::vector<double> x = rng.vec(batch * dim), W = rng.vec(rows * dim, -0.6, 0.6),
                      gamma = rng.vec(rows, 0.5, 1.5), w = rng.vec(n);
  auto loss = [&] {
    std::vector<double> y(n);
    double p = embed_normalize(x.data(), W.data(), gamma.data(), y.data(), rows, dim, batch);
    return p + dot(w, y);
  };
  std::vector<double> y(n), a_x(batch * dim, 0.0), a_W(rows * dim, 0.0), a_g(rows, 0.0), a_y = w;
  CUAD_GRAD(embed_normalize_grad_0_1_2_3(x.data(), W.data(), gamma.data(), y.data(), rows, dim,
                                       batch, a_x.data(), a_W.data(), a_g.data(), a_y.data()));
  check.array("y", a_y, std::vector<double>(n, 0.0));
  check.array("x", a_x, fd(x, loss));
  check.array("W", a_W, fd(W, loss));
  check.array("gamma", a_g, fd(gamma, loss));
  return check.finish();
}
