#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("host_struct_helpers");
  Rng rng(20047);
  const int n = 90, steps = 4;
  std::vector<double> u0 = rng.vec(n, -0.8, 0.8), uT(n, 0.0);
  double k = 0.6;
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    std::vector<double> out(n, 0.0);
    simulate(u0.data(), out.data(), k, n, steps);
    return dot(w, out);
  };
  std::vector<double> gu0(n, 0.0), guT = w;
  double gk = 0.0;
  CUAD_GRAD(simulate_grad_0_1_2(u0.data(), uT.data(), k, n, steps, gu0.data(), guT.data(), &gk));
  check.array("u0", gu0, fd(u0, loss));
  check.scalar("k", gk, fd(k, loss));
  return check.finish();
}
