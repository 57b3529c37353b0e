#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("hpc_const_stencil");
  const int n = 60;
  const double h = 0.5;
  Rng rng(520);
  std::vector<double> u = rng.vec(n), c = rng.vec(n, 0.5, 1.5), out = rng.vec(n), w = rng.vec(n);
  auto loss = [&] {
    std::vector<double> o = out;
    apply_fd8(o.data(), u.data(), c.data(), h, n);
    return dot(w, o);
  };
  std::vector<double> o = out, a_o = w, a_u(n, 0.0), a_c(n, 0.0);
  CUAD_GRAD(apply_fd8_grad_0_1_2(o.data(), u.data(), c.data(), h, n, a_o.data(), a_u.data(), a_c.data()));
  check.array("out", a_o, fd(out, loss));
  check.array("u", a_u, fd(u, loss));
  check.array("c", a_c, fd(c, loss));
  return check.finish();
}
