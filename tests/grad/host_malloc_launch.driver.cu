#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("host_malloc_launch");
  const int n = 100;
  Rng rng(26);
  std::vector<double> in = rng.vec(n), out = rng.vec(n), w = rng.vec(n);
  auto loss = [&] {
    std::vector<double> o = out;
    run_square(o.data(), in.data(), n);
    return dot(w, o);
  };
  std::vector<double> o = out, a_out = w, a_in(n, 0.0);
  CUAD_GRAD(run_square_grad_0_1(o.data(), in.data(), n, a_out.data(), a_in.data()));
  check.array("out", a_out, fd(out, loss));
  check.array("in", a_in, fd(in, loss));
  return check.finish();
}
