#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25a_min_symbol_offset_copy");
  Rng rng(25995);
  const int n = 12;
  std::vector<double> a = rng.vec(NA), b = rng.vec(NB), x = rng.vec(n);
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    std::vector<double> y(n, 0.0);
    run(a.data(), b.data(), x.data(), y.data(), n);
    return dot(w, y);
  };
  std::vector<double> y(n, 0.0), ga(NA, 0.0), gb(NB, 0.0), gx(n, 0.0), gy = w;
  CUAD_GRAD(run_grad_0_1_2_3(a.data(), b.data(), x.data(), y.data(), n, ga.data(), gb.data(), gx.data(), gy.data()));
  check.array("a", ga, fd(a, loss));
  check.array("b", gb, fd(b, loss));
  check.array("x", gx, fd(x, loss));
#else
  const std::vector<double> va = rng.vec(NA), vb = rng.vec(NB), vx = rng.vec(n);
  auto outputs_at = [&](double t) {
    std::vector<double> y(n, 0.0);
    const std::vector<double> a2 = along(a, t, va), b2 = along(b, t, vb), x2 = along(x, t, vx);
    run(a2.data(), b2.data(), x2.data(), y.data(), n);
    return y;
  };
  std::vector<double> y(n, 0.0), ty(n, 0.0);
  CUAD_GRAD(run_pushforward(a.data(), b.data(), x.data(), y.data(), n, va.data(), vb.data(), vx.data(), ty.data()));
  check.array("y tangent", ty, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
