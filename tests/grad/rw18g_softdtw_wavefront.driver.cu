#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw18g_softdtw_wavefront");
  Rng rng(18004);
  // 3 pairs of sequences of lengths 9 and 7 with 3 features, 16 threads per block (rows
  // 10..16 idle), Sakoe-Chiba band 3, gamma 0.5.
  const int B = 3, N = 9, M = 7, dim = 3, band = 3;
  double gamma = 0.5;
  std::vector<double> x = rng.vec(B * N * dim), y = rng.vec(B * M * dim), out = zeros<double>(B);
  const size_t smem = ((N + 1) * (M + 1) + N * M) * sizeof(double);
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(B, 0.5, 1.5);
  auto loss = [&] {
    DeviceArray<double> dx(x), dy(y), dout(out);
    CUAD_LAUNCH_SHARED(soft_dtw_forward, B, 16, smem, dx.ptr, dy.ptr, N, M, dim, gamma, band,
                       dout.ptr);
    return dot(w, dout.get());
  };
  DeviceArray<double> dx(x), dy(y), dout(out), gx(zeros<double>(B * N * dim)),
      gy(zeros<double>(B * M * dim)), gout(w);
  DeviceScalar<double> gg(0.0);
  CUAD_GRAD(CUAD_LAUNCH_SHARED(soft_dtw_forward_grad_0_1_5_7, B, 16, 2 * smem, dx.ptr, dy.ptr, N, M,
                               dim, gamma, band, dout.ptr, gx.ptr, gy.ptr, gg.ptr, gout.ptr));
  check.array("x", gx.get(), fd(x, loss));
  check.array("y", gy.get(), fd(y, loss));
  check.scalar("gamma", gg.value(), fd(gamma, loss));
  check.array("out", gout.get(), std::vector<double>(B, 0.0));
#else
  const std::vector<double> tx = rng.vec(B * N * dim), ty = rng.vec(B * M * dim), to = rng.vec(B);
  const double tg = 0.3;
  auto outputs_at = [&](double t) {
    DeviceArray<double> dx(along(x, t, tx)), dy(along(y, t, ty)), dout(out);
    CUAD_LAUNCH_SHARED(soft_dtw_forward, B, 16, smem, dx.ptr, dy.ptr, N, M, dim,
                       along(gamma, t, tg), band, dout.ptr);
    return as_doubles(dout.get());
  };
  DeviceArray<double> dx(x), dy(y), dout(out), d_x(tx), d_y(ty), d_o(to);
  CUAD_GRAD(CUAD_LAUNCH_SHARED(soft_dtw_forward_pushforward, B, 16, 2 * smem, dx.ptr, dy.ptr, N, M,
                               dim, gamma, band, dout.ptr, d_x.ptr, d_y.ptr, tg, d_o.ptr));
  check.array("out", d_o.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
