#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("fwd2_rmsnorm_warp");
#if CUAD_OUTPUT == 2
  {
    const int nx = 100, ny = 3, nz = 2;
    Rng rng(115);
    std::vector<float> u = rng.vec<float>(nx * ny * nz), vu = rng.vec<float>(nx * ny * nz);
    dim3 grid(2, ny, nz);
    auto outputs_at = [&](double t) {
      DeviceArray<float> du(along(u, t, vu));
      DeviceScalar<float> dout(0.f);
      CUAD_LAUNCH(norm3d, grid, 64, nx, ny, nz, du.ptr, dout.ptr);
      return std::vector<double>{dout.value()};
    };
    DeviceArray<float> du(u), d_u(vu);
    DeviceScalar<float> dout(0.f), d_out(0.f);
    CUAD_GRAD(CUAD_LAUNCH(norm3d_pushforward, grid, 64, nx, ny, nz, du.ptr, dout.ptr, d_u.ptr,
                          d_out.ptr));
    check.array("out", std::vector<float>{d_out.value()}, directional_fd<float>(outputs_at));
  }
#else
  const int rows = 5, cols = 70;  // 3 blocks of 2 warps: the last warp returns early
  Rng rng(102);
  std::vector<float> x = rng.vec<float>(rows * cols), vx = rng.vec<float>(rows * cols),
                     w = rng.vec<float>(cols, 0.5, 1.5), vw = rng.vec<float>(cols),
                     y0 = zeros<float>(rows * cols);
  const float eps = 1e-3f;
  auto outputs_at = [&](double t) {
    DeviceArray<float> dx(along(x, t, vx)), dw(along(w, t, vw)), dy(y0);
    CUAD_LAUNCH(rmsnorm_warp, 3, 64, dy.ptr, dx.ptr, dw.ptr, rows, cols, eps);
    return as_doubles(dy.get());
  };
  DeviceArray<float> dx(x), d_x(vx), dw(w), d_w(vw), dy(y0), d_y(zeros<float>(rows * cols));
  CUAD_GRAD(CUAD_LAUNCH(rmsnorm_warp_pushforward, 3, 64, dy.ptr, dx.ptr, dw.ptr, rows, cols, eps,
                        d_y.ptr, d_x.ptr, d_w.ptr, 0.f));
  check.array("y", d_y.get(), directional_fd<float>(outputs_at));
#endif
  return check.finish();
}
