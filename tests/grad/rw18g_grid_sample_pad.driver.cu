#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static double unnorm(double c, int size, bool ac) {
  return ac ? (c + 1.0) * 0.5 * (size - 1) : ((c + 1.0) * size - 1.0) * 0.5;
}

int main() {
  Checker check("rw18g_grid_sample_pad");
  Rng rng(18006);
  // 2 feature maps 5x6x3 (NHWC), 4x5 sample points each, 40 threads in 2 blocks striding.
  // Coordinates reach outside the image (clipped for Border, masked for Zeros) but stay away
  // from integer pixel positions and the clip limits.
  const int N = 2, H = 5, W = 6, C = 3, Ho = 4, Wo = 5;
#if CUAD_OUTPUT == 2
  const bool ac = true;
#else
  const bool ac = false;
#endif
  std::vector<double> input = rng.vec(N * H * W * C), grid(2 * N * Ho * Wo),
                      out = zeros<double>(N * Ho * Wo * C);
  for (int k = 0; k < N * Ho * Wo; ++k)
    for (int d = 0; d < 2; ++d)
      for (;;) {
        const double c = rng.uniform(-1.3, 1.3);
        const int size = d == 0 ? W : H;
        const double u = unnorm(c, size, ac), fr = u - std::floor(u);
        if (fr > 1e-3 && fr < 1 - 1e-3 && std::fabs(u) > 1e-3 && std::fabs(u - (size - 1)) > 1e-3) {
          grid[2 * k + d] = c;
          break;
        }
      }
  auto g2 = [](DeviceArray<double>& a) { return reinterpret_cast<double2*>(a.ptr); };
#if CUAD_OUTPUT == 1 || CUAD_OUTPUT == 2
  const std::vector<double> w = rng.vec(N * Ho * Wo * C);
  auto loss = [&] {
    DeviceArray<double> din(input), dg(grid), dout(out);
#if CUAD_OUTPUT == 1
    CUAD_LAUNCH(grid_sample_nhwc<Padding::Border>, 2, 20, din.ptr, g2(dg), dout.ptr, N, H, W, C,
                Ho, Wo, ac);
#else
    CUAD_LAUNCH(grid_sample_nhwc<Padding::Zeros>, 2, 20, din.ptr, g2(dg), dout.ptr, N, H, W, C, Ho,
                Wo, ac);
#endif
    return dot(w, dout.get());
  };
  DeviceArray<double> din(input), dg(grid), dout(out), gin(zeros<double>(input.size())),
      gg(zeros<double>(grid.size())), gout(w);
#if CUAD_OUTPUT == 1
  CUAD_GRAD(CUAD_LAUNCH(grid_sample_nhwc_grad_0_1_2<Padding::Border>, 2, 20, din.ptr, g2(dg),
                        dout.ptr, N, H, W, C, Ho, Wo, ac, gin.ptr, g2(gg), gout.ptr));
#else
  CUAD_GRAD(CUAD_LAUNCH(grid_sample_nhwc_grad_0_1_2<Padding::Zeros>, 2, 20, din.ptr, g2(dg),
                        dout.ptr, N, H, W, C, Ho, Wo, ac, gin.ptr, g2(gg), gout.ptr));
#endif
  check.array("input", gin.get(), fd(input, loss));
  check.array("grid", gg.get(), fd(grid, loss));
  check.array("output", gout.get(), std::vector<double>(out.size(), 0.0));
#else
  const std::vector<double> tin = rng.vec(input.size()), tg = rng.vec(grid.size()),
                            tout = rng.vec(out.size());
  auto outputs_at = [&](double t) {
    DeviceArray<double> din(along(input, t, tin)), dg(along(grid, t, tg)), dout(out);
    CUAD_LAUNCH(grid_sample_nhwc<Padding::Border>, 2, 20, din.ptr, g2(dg), dout.ptr, N, H, W, C,
                Ho, Wo, ac);
    return as_doubles(dout.get());
  };
  DeviceArray<double> din(input), dg(grid), dout(out), d_in(tin), d_g(tg), d_out(tout);
  CUAD_GRAD(CUAD_LAUNCH(grid_sample_nhwc_pushforward<Padding::Border>, 2, 20, din.ptr, g2(dg),
                        dout.ptr, N, H, W, C, Ho, Wo, ac, d_in.ptr, g2(d_g), d_out.ptr));
  check.array("output", d_out.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
