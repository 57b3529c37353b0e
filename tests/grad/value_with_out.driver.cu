#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("value_with_out");
  const int n = 6;
  Rng rng(38);
  std::vector<double> v = rng.vec(n), w = rng.vec(n);
  auto loss = [&] {
    std::vector<double> t = v;
    double r = normalize(t.data(), n);
    return r + dot(w, t);
  };
  std::vector<double> t = v, a_v = w;
  CUAD_GRAD(normalize_grad_0(t.data(), n, a_v.data()));
  check.array("v", a_v, fd(v, loss));
  return check.finish();
}
