#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw12_cpp_host_relax");
  const int n = 40, max_iter = 400;
  const double tol = 1e-15;
  Rng rng(1207);
  std::vector<double> src = rng.vec(n, 0.5, 2.0), kappa = rng.vec(n, 0.5, 1.5), u = rng.vec(n, 0.0, 0.5),
                      w = rng.vec(n);
  int iters = 0;
  auto loss = [&] {
    std::vector<double> uu = u;
    iters = relax_to_steady(src.data(), kappa.data(), uu.data(), n, tol, max_iter);
    return dot(w, uu);
  };
  loss();
  check.expect(iters > 10 && iters < max_iter, "converges before the cap");
  std::vector<double> uu = u, as = zeros<double>(n), ak = zeros<double>(n), au = w;
  CUAD_GRAD(relax_to_steady_grad_0_1_2(src.data(), kappa.data(), uu.data(), n, tol, max_iter, as.data(),
                                       ak.data(), au.data()));
  check.array("src", as, fd(src, loss));
  check.array("kappa", ak, fd(kappa, loss));
  check.array("u", au, fd(u, loss));
  return check.finish();
}
