#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw22a_reduce6_dispatch");
  const int n = 300;
  Rng rng(22106);
  std::vector<double> x = rng.vec(n, -2.0, 2.0);
  // Two runs: 300 elements on 2 blocks of 64 (not a power of two: a second, partial grid-stride
  // pass), and the first 256 on 3 blocks of 32 (a power of two, shared memory for two warps,
  // two blocks with no element in their second pass).
  auto loss = [&] {
    return sum_log1p_sq(x.data(), n, 64, 2) + sum_log1p_sq(x.data(), 256, 32, 3);
  };
#if CUAD_OUTPUT == 1
  std::vector<double> ax(n, 0.0);
  CUAD_GRAD(sum_log1p_sq_grad_0(x.data(), n, 64, 2, ax.data()));
  CUAD_GRAD(sum_log1p_sq_grad_0(x.data(), 256, 32, 3, ax.data()));
  check.array("x", ax, fd(x, loss));
#else
  (void)loss;
  const std::vector<double> vx = rng.vec(n);
  auto outputs_at = [&](double t) {
    std::vector<double> xs = along(x, t, vx);
    return std::vector<double>{sum_log1p_sq(xs.data(), n, 64, 2) +
                               sum_log1p_sq(xs.data(), 256, 32, 3)};
  };
  double value = 0.0, tangent = 0.0;
  CUAD_GRAD(auto r1 = sum_log1p_sq_pushforward(x.data(), n, 64, 2, vx.data());
            auto r2 = sum_log1p_sq_pushforward(x.data(), 256, 32, 3, vx.data());
            value = r1.value + r2.value; tangent = r1.pushforward + r2.pushforward);
  check.array("tangent", std::vector<double>{tangent}, directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  check.scalar("value", value, loss());
#else
  (void)value;
#endif
#endif
  return check.finish();
}
