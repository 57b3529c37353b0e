#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("host_offset_left");
  const int n = 20, nb = 3;
  Rng rng(29);
  std::vector<double> x = rng.vec<double>(n * nb, -1.0, 1.0), out = rng.vec<double>(n * nb),
                      w = rng.vec<double>(n * nb);
  auto loss = [&] {
    std::vector<double> o = out;
    f(x.data(), n, nb, o.data());
    return dot(w, o);
  };
  std::vector<double> a_x = zeros<double>(n * nb), a_out = w;
  std::vector<double> o = out;
  CUAD_GRAD(f_grad_0_3(x.data(), n, nb, o.data(), a_x.data(), a_out.data()));
  check.array("x", a_x, fd(x, loss));
  check.array("out", a_out, fd(out, loss));
  return check.finish();
}
