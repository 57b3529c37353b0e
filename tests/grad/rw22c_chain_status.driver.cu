#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw22c_chain_status");
  Rng rng(22307);
  const int n = 36, steps = 8;  // two blocks, the second partial
  const double dt = 0.08;
  std::vector<double> x0(n), v0 = rng.vec(n, -0.3, 0.3);
  for (int i = 0; i < n; ++i) x0[i] = 0.5 * i + rng.uniform(-0.15, 0.15);
  double stiffness = 1.7;
  const std::vector<double> w = rng.vec(n);
  const double we = 0.8;
  auto loss = [&] {
    std::vector<double> xo(n, 0.0);
    double e = 0.0;
    const int st = relax_chain(x0.data(), v0.data(), stiffness, xo.data(), &e, n, steps, dt);
    if (st != 0) {
      std::printf("relax_chain returned %d\n", st);
      std::exit(1);
    }
    return dot(w, xo) + we * e;
  };
  std::vector<double> xo(n, 0.0), gx0(n, 0.0), gv0(n, 0.0), gxo = w;
  double e = 0.0, gk = 0.0, ge = we;
  CUAD_GRAD(relax_chain_grad_0_1_2_3_4(x0.data(), v0.data(), stiffness, xo.data(), &e, n, steps,
                                       dt, gx0.data(), gv0.data(), &gk, gxo.data(), &ge));
  check.array("x0", gx0, fd(x0, loss));
  check.array("v0", gv0, fd(v0, loss));
  check.scalar("stiffness", gk, fd(stiffness, loss));
  check.array("x_out", gxo, std::vector<double>(n, 0.0));
  check.scalar("energy", ge, 0.0);
  return check.finish();
}
