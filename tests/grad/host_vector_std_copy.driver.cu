#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;
int main() {
  Checker check("host_vector_std_copy");
  const int n = 20;
  Rng rng(11);
  std::vector<double> x = rng.vec(n), wy = rng.vec(n), wz = rng.vec(n);
  auto run_at = [&](const std::vector<double>& xx) {
    std::vector<double> y(n), z(n), xc = xx;
    run(xc.data(), y.data(), z.data(), n);
    y.insert(y.end(), z.begin(), z.end());
    return y;
  };
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    std::vector<double> yz = run_at(x);
    return dot(wy, std::vector<double>(yz.begin(), yz.begin() + n)) +
           dot(wz, std::vector<double>(yz.begin() + n, yz.end()));
  };
  std::vector<double> y(n), z(n), ax = zeros<double>(n), ay = wy, az = wz;
  CUAD_GRAD(run_grad_0_1_2(x.data(), y.data(), z.data(), n, ax.data(), ay.data(), az.data()));
  check.array("y", ay, zeros<double>(n));
  check.array("z", az, zeros<double>(n));
  check.array("x", ax, fd(x, loss));
#else
  std::vector<double> vx = rng.vec(n);
  auto outputs_at = [&](double t) { return run_at(along(x, t, vx)); };
  std::vector<double> y(n), z(n), ty = zeros<double>(n), tz = zeros<double>(n), xc = x;
  CUAD_GRAD(run_pushforward(xc.data(), y.data(), z.data(), n, vx.data(), ty.data(), tz.data()));
  ty.insert(ty.end(), tz.begin(), tz.end());
  check.array("y, z", ty, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
