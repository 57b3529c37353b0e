#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25a_min_member_op_passive_fwd");
  Rng rng(25498);
  const int n = 10;
  const double s = 0.7;
  std::vector<double> x = rng.vec(n), vx = rng.vec(n);
  auto run = [&](const std::vector<double>& xs) {
    DeviceArray<double> dx(xs), dy(zeros<double>(n));
    CUAD_LAUNCH(k, 1, 32, dx.ptr, dy.ptr, s, n);
    return dy.get();
  };
  auto outputs_at = [&](double t) { return run(along(x, t, vx)); };
  DeviceArray<double> dx(x), dy(zeros<double>(n)), tx(vx), ty(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(k_pushforward_0_1, 1, 32, dx.ptr, dy.ptr, s, n, tx.ptr, ty.ptr));
  check.array("y tangent", ty.get(), directional_fd<double>(outputs_at));
  return check.finish();
}
