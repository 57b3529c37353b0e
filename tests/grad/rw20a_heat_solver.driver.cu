#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw20a_heat_solver");
  Rng rng(200101);
  const int n = 150, steps = 5;
  std::vector<double> u0 = rng.vec(n, -0.9, 0.9), uT(n, 0.0);
  double alpha = 0.8;
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    std::vector<double> out(n, 0.0);
    heat_run(u0.data(), out.data(), alpha, n, steps);
    return dot(w, out);
  };
  std::vector<double> gu0(n, 0.0), guT = w;
  double galpha = 0.0;
  CUAD_GRAD(heat_run_grad_0_1_2(u0.data(), uT.data(), alpha, n, steps, gu0.data(), guT.data(),
                                &galpha));
  check.array("u0", gu0, fd(u0, loss));
  check.scalar("alpha", galpha, fd(alpha, loss));
  check.array("uT", guT, std::vector<double>(n, 0.0));
  return check.finish();
}
