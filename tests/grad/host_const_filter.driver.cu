#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("host_const_filter");
  const int n = 150;
  Rng rng(71);
  std::vector<double> taps = rng.vec(TAPS), x = rng.vec(n), y = rng.vec(n), w = rng.vec(n);
  auto loss = [&] {
    std::vector<double> o = y;
    run_filter(taps.data(), x.data(), o.data(), n);
    return dot(w, o);
  };
  std::vector<double> o = y, a_taps(TAPS, 0.0), a_x(n, 0.0), a_y = w;
  CUAD_GRAD(run_filter_grad_0_1_2(taps.data(), x.data(), o.data(), n, a_taps.data(),
                                  a_x.data(), a_y.data()));
  check.array("taps", a_taps, fd(taps, loss));
  check.array("x", a_x, fd(x, loss));
  check.array("y", a_y, fd(y, loss));
  return check.finish();
}
