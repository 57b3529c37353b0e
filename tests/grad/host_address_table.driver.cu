#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("host_address_table");
  Rng rng(2341);
  const int n = 40;
  std::vector<float> x = rng.vec<float>(2 * n);
  auto run_at = [&](const std::vector<float>& xv) {
    std::vector<float> y(n, 0.0f);
    run(xv.data(), y.data(), n);
    return y;
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(n);
  auto loss = [&] { return dot(w, run_at(x)); };
  std::vector<float> y(n, 0.0f), gx(2 * n, 0.0f), gy = w;
  CUAD_GRAD(run_grad_0_1(x.data(), y.data(), n, gx.data(), gy.data()));
  check.array("x", gx, fd(x, loss));
  check.array("y", gy, zeros<double>(n));
#else
  const std::vector<float> vx = rng.vec<float>(2 * n);
  auto outputs_at = [&](double t) { return as_doubles(run_at(along(x, t, vx))); };
  std::vector<float> y(n, 0.0f), ty(n, 0.0f);
  CUAD_GRAD(run_pushforward(x.data(), y.data(), n, vx.data(), ty.data()));
  check.array("y tangent", as_doubles(ty), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
