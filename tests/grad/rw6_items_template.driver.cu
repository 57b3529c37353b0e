#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw6_items_template");
  const int rows = 3, cols = 200;  // 64 threads x 4 items = 256 slots, the last 56 masked
  Rng rng(6062);
  std::vector<float> x = rng.vec<float>(rows * cols), gamma = rng.vec<float>(cols, 0.5, 1.5),
                     y0 = zeros<float>(rows * cols), w = rng.vec<float>(rows * cols);
  auto run = [&](const std::vector<float>& xv, const std::vector<float>& gv) {
    DeviceArray<float> d_x(xv), d_g(gv), d_y(y0);
    CUAD_LAUNCH((rmsnorm_items<64, 4>), rows, 64, d_x.ptr, d_g.ptr, d_y.ptr, cols, 0);
    return d_y.get();
  };
#if CUAD_OUTPUT == 1
  auto loss = [&] { return dot(w, run(x, gamma)); };
  DeviceArray<float> d_x(x), d_g(gamma), d_y(y0), a_x(zeros<float>(rows * cols)),
      a_g(zeros<float>(cols)), a_y(w);
  // debug = 1: the printf in the kernel runs (in the gradient's forward sweep too)
  CUAD_GRAD(CUAD_LAUNCH((rmsnorm_items_grad_0_1_2<64, 4>), rows, 64, d_x.ptr, d_g.ptr, d_y.ptr,
                        cols, 1, a_x.ptr, a_g.ptr, a_y.ptr));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("gamma", a_g.get(), fd(gamma, loss));
  check.array("y", a_y.get(), fd(y0, loss));
#else
  std::vector<float> vx = rng.vec<float>(rows * cols), vg = rng.vec<float>(cols);
  auto outputs_at = [&](double t) {
    return as_doubles(run(along(x, t, vx), along(gamma, t, vg)));
  };
  DeviceArray<float> d_x(x), d_g(gamma), d_y(y0), t_x(vx), t_g(vg), t_y(zeros<float>(rows * cols));
  CUAD_GRAD(CUAD_LAUNCH((rmsnorm_items_pushforward<64, 4>), rows, 64, d_x.ptr, d_g.ptr, d_y.ptr,
                        cols, 1, t_x.ptr, t_g.ptr, t_y.ptr));
  check.array("y", as_doubles(t_y.get()), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
