#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw3_host_stream_scalar");
  const int n = 100;
  Rng rng(3127);
  std::vector<double> x = rng.vec(n), w = rng.vec(n);
  auto loss = [&] {
    std::vector<double> y(n);
    double t = normalize(x.data(), y.data(), n);
    return t + dot(w, y);
  };
  std::vector<double> y(n), a_x(n, 0.0), a_y = w;
  CUAD_GRAD(normalize_grad_0_1(x.data(), y.data(), n, a_x.data(), a_y.data()));
  check.array("x", a_x, fd(x, loss));
  check.array("y", a_y, std::vector<double>(n, 0.0));
  return check.finish();
}
