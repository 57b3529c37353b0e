#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24a_min_struct_field_offset");
  Rng rng(24902);
  const int n = 6;
  std::vector<double> x = rng.vec(n), w = rng.vec(n);
  auto loss = [&] {
    std::vector<double> o(n);
    pad_square(x.data(), o.data(), n);
    return dot(w, o);
  };
#if CUAD_OUTPUT == 1
  std::vector<double> o(n), gx(n, 0.0), gout = w;
  CUAD_GRAD(pad_square_grad_0_1(x.data(), o.data(), n, gx.data(), gout.data()));
  check.array("x", gx, fd(x, loss));
  check.array("out", gout, zeros<double>(n));
#else
  const std::vector<double> vx = rng.vec(n);
  auto outputs_at = [&](double t) {
    std::vector<double> xx = along(x, t, vx), o(n);
    pad_square(xx.data(), o.data(), n);
    return o;
  };
  std::vector<double> o(n), to(n, 0.0);
  CUAD_GRAD(pad_square_pushforward(x.data(), o.data(), n, vx.data(), to.data()));
  check.array("out tangent", to, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
