#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24d_min_class_scope_enum");
  Rng rng(24907);
  const int n = 8;
  std::vector<double> x = rng.vec(n, -0.5, 0.8);
  Morse m{1.3};
  auto run = [&](const std::vector<double>& xx, Morse mm) {
    DeviceArray<double> d_x(xx), d_y(zeros<double>(n));
    CUAD_LAUNCH(morse_series, 1, 8, d_x.ptr, mm, d_y.ptr, n);
    return d_y.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] { return dot(w, run(x, m)); };
  DeviceArray<double> d_x(x), d_y(zeros<double>(n)), g_x(zeros<double>(n)), g_y(w);
  DeviceArray<Morse> g_m(std::vector<Morse>{Morse{0.0}});
  CUAD_GRAD(CUAD_LAUNCH(morse_series_grad_0_1_2, 1, 8, d_x.ptr, m, d_y.ptr, n, g_x.ptr, g_m.ptr, g_y.ptr));
  check.array("x", g_x.get(), fd(x, loss));
  check.scalar("m.a", g_m.get()[0].a, fd(m.a, loss));
  check.array("y", g_y.get(), zeros<double>(n));
#else
  const std::vector<double> v = rng.vec(n);
  const Morse vm{0.4};
  auto outputs_at = [&](double t) { return run(along(x, t, v), Morse{along(m.a, t, vm.a)}); };
  DeviceArray<double> d_x(x), d_y(zeros<double>(n)), t_x(v), t_y(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(morse_series_pushforward, 1, 8, d_x.ptr, m, d_y.ptr, n, t_x.ptr, vm, t_y.ptr));
  check.array("y tangent", t_y.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
