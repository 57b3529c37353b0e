#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw13_sample_reduce4");
  const int n = 300;  // pass 1: 5 blocks, pass 2: 1 block
  Rng rng(1309);
  std::vector<double> x = rng.vec(n);
  auto loss = [&] { return sumCubic(x.data(), n); };
  std::vector<double> ax(n, 0.0);
  CUAD_GRAD(sumCubic_grad_0(x.data(), n, ax.data()));
  check.array("x", ax, fd(x, loss));
  return check.finish();
}
