#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw12_ml_rmsnorm_warp_f4");
  const int N = 7, C = 192, block = 64, grid = (N + 1) / 2;  // 2 warps per block, one idle
  const float eps = 1e-5f;
  Rng rng(12002);
  std::vector<float> x = rng.vec<float>(N * C, -1.5, 1.5), weight = rng.vec<float>(C, 0.5, 1.5),
                     out = zeros<float>(N * C);
#if CUAD_OUTPUT == 2
  std::vector<float> vx = rng.vec<float>(N * C), vw = rng.vec<float>(C);
  auto outputs_at = [&](double t) {
    DeviceArray<float> o(out), dx(along(x, t, vx)), dw(along(weight, t, vw));
    CUAD_LAUNCH(rmsnorm_warp, grid, block, o.ptr, dx.ptr, dw.ptr, N, C, eps);
    return as_doubles(o.get());
  };
  DeviceArray<float> o(out), dx(x), dw(weight), t_o(out), t_x(vx), t_w(vw);
  CUAD_GRAD(CUAD_LAUNCH(rmsnorm_warp_pushforward_0_1_2, grid, block, o.ptr, dx.ptr, dw.ptr, N, C,
                        eps, t_o.ptr, t_x.ptr, t_w.ptr));
  check.array("out", t_o.get(), directional_fd<float>(outputs_at));
#else
  const std::vector<float> w = rng.vec<float>(N * C);
  auto loss = [&] {
    DeviceArray<float> o(out), dx(x), dw(weight);
    CUAD_LAUNCH(rmsnorm_warp, grid, block, o.ptr, dx.ptr, dw.ptr, N, C, eps);
    return dot(w, o.get());
  };
  DeviceArray<float> o(out), dx(x), dw(weight), a_o(w), a_x(zeros<float>(N * C)),
      a_w(zeros<float>(C));
  CUAD_GRAD(CUAD_LAUNCH(rmsnorm_warp_grad_0_1_2, grid, block, o.ptr, dx.ptr, dw.ptr, N, C, eps,
                        a_o.ptr, a_x.ptr, a_w.ptr));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("weight", a_w.get(), fd(weight, loss));
  check.array("out", a_o.get(), fd(out, loss));
#endif
  return check.finish();
}
