#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw22c_heat_const_struct");
  Rng rng(22301);
  const int n = 45, steps = 9;  // two blocks, the second partial
  std::vector<double> T0 = rng.vec(n, -0.7, 0.7);
  double alpha = 0.9, T_left = 0.4, T_right = -0.25;
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    std::vector<double> out(n, 0.0);
    heat_solve(T0.data(), alpha, T_left, T_right, out.data(), n, steps);
    return dot(w, out);
  };
  std::vector<double> out(n, 0.0), gT0(n, 0.0), gout = w;
  double ga = 0.0, gl = 0.0, gr = 0.0;
  CUAD_GRAD(heat_solve_grad_0_1_2_3_4(T0.data(), alpha, T_left, T_right, out.data(), n, steps,
                                      gT0.data(), &ga, &gl, &gr, gout.data()));
  check.array("T0", gT0, fd(T0, loss));
  check.scalar("alpha", ga, fd(alpha, loss));
  check.scalar("T_left", gl, fd(T_left, loss));
  check.scalar("T_right", gr, fd(T_right, loss));
  check.array("T_out", gout, std::vector<double>(n, 0.0));
  return check.finish();
}
