#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("array_unsized_init");
  Rng rng(2301);
  const int n = 40;
  std::vector<float> x = rng.vec<float>(n, 0.5, 1.1);
  auto run = [&](const std::vector<float>& xv) {
    DeviceArray<float> d_x(xv), d_y(zeros<float>(n));
    CUAD_LAUNCH(taps, 2, 32, d_x.ptr, d_y.ptr, n);
    return d_y.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(n);
  auto loss = [&] { return dot(w, run(x)); };
  DeviceArray<float> d_x(x), d_y(zeros<float>(n)), g_x(zeros<float>(n)), g_y(w);
  CUAD_GRAD(CUAD_LAUNCH(taps_grad_0_1, 2, 32, d_x.ptr, d_y.ptr, n, g_x.ptr, g_y.ptr));
  check.array("x", g_x.get(), fd(x, loss));
  check.array("y", g_y.get(), zeros<double>(n));
#else
  const std::vector<float> vx = rng.vec<float>(n);
  auto outputs_at = [&](double t) { return as_doubles(run(along(x, t, vx))); };
  DeviceArray<float> d_x(x), d_y(zeros<float>(n)), t_x(vx), t_y(zeros<float>(n));
  CUAD_GRAD(CUAD_LAUNCH(taps_pushforward, 2, 32, d_x.ptr, d_y.ptr, n, t_x.ptr, t_y.ptr));
  check.array("y tangent", as_doubles(t_y.get()), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
