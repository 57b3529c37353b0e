#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("fwd_dynamic_shared");
  const int n = 70;
  Rng rng(59);
  std::vector<double> x = rng.vec(n), vx = rng.vec(n);
  auto outputs_at = [&](double t) {
    std::vector<double> xs = along(x, t, vx), y(n);
    run(n, xs.data(), y.data());
    return y;
  };
#if CUAD_OUTPUT == 1
  DeviceArray<double> dx(x), d_x(vx), dy(zeros<double>(n)), d_y(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH_SHARED(normalize_pushforward, 3, 32, 2 * 32 * sizeof(double), n, dx.ptr,
                               dy.ptr, d_x.ptr, d_y.ptr));
  check.array("y", d_y.get(), directional_fd<double>(outputs_at));
#else
  std::vector<double> y(n), d_y(n);
  CUAD_GRAD(run_pushforward(n, x.data(), y.data(), vx.data(), d_y.data()));
  check.array("y", d_y, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
