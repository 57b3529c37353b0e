#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("host_struct_view_pingpong");
  Rng rng(5);
  const int n = 8;
  for (int steps = 2; steps <= 3; ++steps) {
    std::vector<double> x = rng.vec(n, 0.6, 1.1), w = rng.vec(n);
    auto loss = [&] {
      std::vector<double> o(n, 0.0);
      run(x.data(), o.data(), n, steps);
      return dot(w, o);
    };
    std::vector<double> o(n, 0.0), gx(n, 0.0), go = w;
    CUAD_GRAD(run_grad_0_1(x.data(), o.data(), n, steps, gx.data(), go.data()));
    check.array("x0", gx, fd(x, loss));
  }
  return check.finish();
}
