#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25a_min_symbol_copy_loop");
  Rng rng(25199);
  const int n = 8, nt = 4;
  std::vector<double> x = rng.vec(n);
  double amp = 0.8;
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    std::vector<double> xc = x;
    drive(xc.data(), amp, n, nt);
    return dot(w, xc);
  };
  std::vector<double> xc = x, gx = w;
  double ga = 0.0;
  CUAD_GRAD(drive_grad_0_1(xc.data(), amp, n, nt, gx.data(), &ga));
  check.array("x", gx, fd(x, loss));
  check.scalar("amp", ga, fd(amp, loss));
  return check.finish();
}
