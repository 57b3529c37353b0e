#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw18g_softdtw_warp");
  Rng rng(18009);
  // 5 pairs (lengths 11 and 8, 2 features), 2 warps per block: 3 blocks, the last warp idle.
  const int B = 5, N = 11, M = 8, dim = 2;
  const double gamma = 0.3;
  std::vector<double> x = rng.vec(B * N * dim), y = rng.vec(B * M * dim), out = zeros<double>(B);
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(B, 0.5, 1.5);
  auto loss = [&] {
    DeviceArray<double> dx(x), dy(y), dout(out);
    CUAD_LAUNCH(soft_dtw_warp, 3, 64, dx.ptr, dy.ptr, B, N, M, dim, gamma, dout.ptr);
    return dot(w, dout.get());
  };
  DeviceArray<double> dx(x), dy(y), dout(out), gx(zeros<double>(B * N * dim)),
      gy(zeros<double>(B * M * dim)), gout(w);
  CUAD_GRAD(CUAD_LAUNCH(soft_dtw_warp_grad_0_1_7, 3, 64, dx.ptr, dy.ptr, B, N, M, dim, gamma,
                        dout.ptr, gx.ptr, gy.ptr, gout.ptr));
  check.array("x", gx.get(), fd(x, loss));
  check.array("y", gy.get(), fd(y, loss));
  check.array("out", gout.get(), std::vector<double>(B, 0.0));
#else
  const std::vector<double> tx = rng.vec(B * N * dim), ty = rng.vec(B * M * dim), to = rng.vec(B);
  auto outputs_at = [&](double t) {
    DeviceArray<double> dx(along(x, t, tx)), dy(along(y, t, ty)), dout(out);
    CUAD_LAUNCH(soft_dtw_warp, 3, 64, dx.ptr, dy.ptr, B, N, M, dim, gamma, dout.ptr);
    return as_doubles(dout.get());
  };
  DeviceArray<double> dx(x), dy(y), dout(out), d_x(tx), d_y(ty), d_o(to);
  CUAD_GRAD(CUAD_LAUNCH(soft_dtw_warp_pushforward_0_1_7, 3, 64, dx.ptr, dy.ptr, B, N, M, dim, gamma,
                        dout.ptr, d_x.ptr, d_y.ptr, d_o.ptr));
  check.array("out", d_o.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
