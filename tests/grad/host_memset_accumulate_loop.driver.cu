#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("host_memset_accumulate_loop");
  const int n = 5, iters = 3;
  Rng rng(1);
  std::vector<double> x0 = rng.vec(n, -0.8, 0.8);
  double alpha = 0.5;
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    std::vector<double> out(n);
    smooth_iterate(x0.data(), out.data(), alpha, n, iters);
    return dot(w, out);
  };
  std::vector<double> out(n), gx(n, 0.0), gout = w;
  double galpha = 0.0;
  CUAD_GRAD(smooth_iterate_grad_0_1_2(x0.data(), out.data(), alpha, n, iters, gx.data(),
                                      gout.data(), &galpha));
  check.array("x0", gx, fd(x0, loss));
  check.scalar("alpha", galpha, fd(alpha, loss));
  return check.finish();
}
