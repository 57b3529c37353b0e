#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("break_loop_tape");
  const int steps = 200, paths = 8;
  const double barrier = 1.25;
  Rng rng(17);
  std::vector<double> z = rng.vec<double>(steps * paths, -1.0, 1.0), out = rng.vec<double>(paths),
                      w = rng.vec<double>(paths);
  // Paths 0 and 5 drift up through the barrier; the others stay below it.
  for (int t = 0; t < steps; ++t) {
    z[0 * steps + t] = 1.0;
    z[5 * steps + t] = 0.7;
  }
  double s0 = 1.0, sigma = 0.05;
  auto loss = [&] {
    DeviceArray<double> d_out(out), d_z(z);
    CUAD_LAUNCH(gbm_barrier, 1, paths, d_out.ptr, d_z.ptr, s0, sigma, barrier, steps, paths);
    return dot(w, d_out.get());
  };
  DeviceArray<double> d_out(out), d_z(z), a_out(w);
  DeviceScalar<double> a_s0(0.0), a_sigma(0.0);
  CUAD_GRAD(CUAD_LAUNCH(gbm_barrier_grad_0_2_3, 1, paths, d_out.ptr, d_z.ptr, s0, sigma, barrier,
                        steps, paths, a_out.ptr, a_s0.ptr, a_sigma.ptr));
  check.array("out", a_out.get(), fd(out, loss));
  check.scalar("s0", a_s0.value(), fd(s0, loss));
  check.scalar("sigma", a_sigma.value(), fd(sigma, loss));
  return check.finish();
}
