#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("fwd3_const_recursive");
#if CUAD_OUTPUT == 3
#ifndef CUAD_CPU
  // The recursive pullback keeps a per-thread tape in each frame: more than the GPU's
  // default 1 KB stack per thread.
  cudaDeviceSetLimit(cudaLimitStackSize, 64 * 1024);
#endif
  const int n = 40, m = 7;
  Rng rng(314);
  std::vector<double> c = rng.vec(m), x = rng.vec(n), w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> dc(c), dx(x), dy(zeros<double>(n));
    CUAD_LAUNCH(horner_tree, 2, 32, n, m, dc.ptr, dx.ptr, dy.ptr);
    return dot(w, dy.get());
  };
  DeviceArray<double> dc(c), d_c(zeros<double>(m)), dx(x), d_x(zeros<double>(n)), dy(zeros<double>(n)), d_y(w);
  CUAD_GRAD(CUAD_LAUNCH(horner_tree_grad_2_3_4, 2, 32, n, m, dc.ptr, dx.ptr, dy.ptr, d_c.ptr, d_x.ptr, d_y.ptr));
  check.array("coef", d_c.get(), fd(c, loss));
  check.array("x", d_x.get(), fd(x, loss));
  check.array("y (only written)", d_y.get(), std::vector<double>(n, 0.0));
#elif CUAD_OUTPUT == 2
  const int n = 40, m = 7;
  Rng rng(314);
  std::vector<double> c = rng.vec(m), vc = rng.vec(m), x = rng.vec(n), vx = rng.vec(n);
  auto outputs_at = [&](double t) {
    DeviceArray<double> dc(along(c, t, vc)), dx(along(x, t, vx)), dy(zeros<double>(n));
    CUAD_LAUNCH(horner_tree, 2, 32, n, m, dc.ptr, dx.ptr, dy.ptr);
    return dy.get();
  };
  DeviceArray<double> dc(c), d_c(vc), dx(x), d_x(vx), dy(zeros<double>(n)), d_y(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(horner_tree_pushforward, 2, 32, n, m, dc.ptr, dx.ptr, dy.ptr, d_c.ptr, d_x.ptr, d_y.ptr));
  check.array("y", d_y.get(), directional_fd<double>(outputs_at));
#else
  const int n = 70;
  Rng rng(313);
  std::vector<double> h = {0.1, -0.3, 0.9, 0.25, -0.05}, x = rng.vec(n), vx = rng.vec(n);
  double gain = 1.4, vg = -0.6;
  auto outputs_at = [&](double t) {
    std::vector<double> xs = along(x, t, vx), y(n);
    filter_run(n, h.data(), xs.data(), along(gain, t, vg), y.data());
    return y;
  };
  std::vector<double> y(n), d_y(n, 0.0);
  CUAD_GRAD(filter_run_pushforward_2_3_4(n, h.data(), x.data(), gain, y.data(), vx.data(), vg, d_y.data()));
  check.array("y", d_y, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
