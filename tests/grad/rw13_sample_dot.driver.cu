#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw13_sample_dot");
  const int N = 250;  // 3 blocks of 64 with a grid-stride tail
  const double scale = 0.7;
  Rng rng(1301);
  std::vector<double> a = rng.vec(N), b = rng.vec(N);
  auto loss = [&] { return weighted_dot(a.data(), b.data(), scale, N); };
  std::vector<double> da(N, 0.0), db(N, 0.0);
  CUAD_GRAD(weighted_dot_grad_0_1(a.data(), b.data(), scale, N, da.data(), db.data()));
  check.array("a", da, fd(a, loss));
  check.array("b", db, fd(b, loss));
  return check.finish();
}
