#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw9_ml_subwarp_rmsnorm");
  const int rows = 7, C = 40, n = rows * C;  // 7 rows -> 112 lanes, launched as 2 x 64
  Rng rng(9110);
  std::vector<float> x = rng.vec<float>(n, -2.0, 2.0), weight = rng.vec<float>(C, 0.5, 1.5),
                     y = rng.vec<float>(n);
  const float eps = 1e-5f;
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(n);
  auto loss = [&] {
    DeviceArray<float> d_y(y), d_x(x), d_w(weight);
    CUAD_LAUNCH(rmsnorm_halfwarp, 2, 64, d_y.ptr, d_x.ptr, d_w.ptr, rows, C, eps);
    return dot(w, d_y.get());
  };
  DeviceArray<float> d_y(y), d_x(x), d_w(weight), a_y(w), a_x(zeros<float>(n)), a_w(zeros<float>(C));
  CUAD_GRAD(CUAD_LAUNCH(rmsnorm_halfwarp_grad_0_1_2, 2, 64, d_y.ptr, d_x.ptr, d_w.ptr, rows, C, eps, a_y.ptr,
                        a_x.ptr, a_w.ptr));
  check.array("y", a_y.get(), fd(y, loss));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("weight", a_w.get(), fd(weight, loss));
#else
  std::vector<float> vx = rng.vec<float>(n), vw = rng.vec<float>(C), vy = rng.vec<float>(n);
  auto outputs_at = [&](double t) {
    DeviceArray<float> d_y(y), d_x(along(x, t, vx)), d_w(along(weight, t, vw));
    CUAD_LAUNCH(rmsnorm_halfwarp, 2, 64, d_y.ptr, d_x.ptr, d_w.ptr, rows, C, eps);
    return as_doubles(d_y.get());
  };
  DeviceArray<float> d_y(y), d_x(x), d_w(weight), t_y(vy), t_x(vx), t_w(vw);
  CUAD_GRAD(CUAD_LAUNCH(rmsnorm_halfwarp_pushforward_0_1_2, 2, 64, d_y.ptr, d_x.ptr, d_w.ptr, rows, C, eps, t_y.ptr,
                        t_x.ptr, t_w.ptr));
  check.array("y", t_y.get(), directional_fd<float>(outputs_at));
#endif
  return check.finish();
}
