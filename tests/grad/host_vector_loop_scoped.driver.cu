#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("host_vector_loop_scoped");
  Rng rng(26041);
  const int m = 5, steps = 3;
  std::vector<double> x = rng.vec(m);
  const std::vector<double> w = rng.vec(m);
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    std::vector<double> out(m, 0.0);
    smooth(x.data(), out.data(), m, steps);
    return dot(w, out);
  };
  std::vector<double> out(m, 0.0), gx(m, 0.0), gout = w;
  CUAD_GRAD(smooth_grad_0_1(x.data(), out.data(), m, steps, gx.data(), gout.data()));
  check.array("x", gx, fd(x, loss));
#else
  const std::vector<double> v = rng.vec(m);
  auto outputs_at = [&](double t) {
    std::vector<double> xs = along(x, t, v), out(m, 0.0);
    smooth(xs.data(), out.data(), m, steps);
    return as_doubles(out);
  };
  std::vector<double> out(m, 0.0), tout(m, 0.0);
  CUAD_GRAD(smooth_pushforward(x.data(), out.data(), m, steps, v.data(), tout.data()));
  check.array("out", tout, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
