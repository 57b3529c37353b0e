#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw14_ext_grid_sample");
  const int64_t N = 2, C = 3, H = 6, W = 7, OH = 4, OW = 5;
  const int64_t nthreads = N * OH * OW;
  // input contiguous NCHW; grid stored as (N, 2, OH, OW) and read as (N, OH, OW, 2);
  // output contiguous NCHW.
  const int64_t inp_sN = C * H * W, inp_sC = H * W, inp_sH = W, inp_sW = 1;
  const int64_t grid_sN = 2 * OH * OW, grid_sCoor = OH * OW, grid_sH = OW, grid_sW = 1;
  const int64_t out_sN = C * OH * OW, out_sC = OH * OW, out_sH = OW, out_sW = 1;
  Rng rng(14007);
  std::vector<double> input = rng.vec(N * C * H * W), grid = rng.vec(N * 2 * OH * OW, -1.1, 1.1),
                      output = zeros<double>(N * C * OH * OW);
  // keep every sample away from integer pixel positions (kinks of floor and the masks)
  for (int64_t i = 0; i < (int64_t)grid.size(); ++i) {
    const int64_t size = (i / grid_sCoor) % 2 == 0 ? W : H;
    for (;;) {
      const double u = ((grid[i] + 1) * size - 1) / 2;
      const double frac = u - std::floor(u);
      if (frac > 0.05 && frac < 0.95) break;
      grid[i] += 0.037;
    }
  }
  const bool align_corners = false;
  auto run = [&](double* x, double* g, double* o) {
    CUAD_LAUNCH(grid_sampler_2d_kernel<double>, 2, 16, nthreads, x, g, o, C, H, W, OH, OW,
                inp_sN, inp_sC, inp_sH, inp_sW, grid_sN, grid_sH, grid_sW, grid_sCoor, out_sN,
                out_sC, out_sH, out_sW, align_corners);
  };
#if CUAD_OUTPUT == 1
  const std::vector<double> v_in = rng.vec(input.size()), v_g = rng.vec(grid.size());
  auto outputs_at = [&](double t) {
    DeviceArray<double> x(along(input, t, v_in)), g(along(grid, t, v_g)), o(output);
    run(x.ptr, g.ptr, o.ptr);
    return as_doubles(o.get());
  };
  DeviceArray<double> x(input), g(grid), o(output), t_x(v_in), t_g(v_g),
      t_o(zeros<double>(output.size()));
  CUAD_GRAD(CUAD_LAUNCH(grid_sampler_2d_kernel_pushforward<double>, 2, 16, nthreads, x.ptr,
                        g.ptr, o.ptr, C, H, W, OH, OW, inp_sN, inp_sC, inp_sH, inp_sW, grid_sN,
                        grid_sH, grid_sW, grid_sCoor, out_sN, out_sC, out_sH, out_sW,
                        align_corners, t_x.ptr, t_g.ptr, t_o.ptr));
  check.array("output", t_o.get(), directional_fd<double>(outputs_at));
#else
  const std::vector<double> w = rng.vec(output.size());
  auto loss = [&] {
    DeviceArray<double> x(input), g(grid), o(output);
    run(x.ptr, g.ptr, o.ptr);
    return dot(w, o.get());
  };
  DeviceArray<double> x(input), g(grid), o(output), a_x(zeros<double>(input.size())),
      a_g(zeros<double>(grid.size())), a_o(w);
  CUAD_GRAD(CUAD_LAUNCH(grid_sampler_2d_kernel_grad_1_2_3<double>, 2, 16, nthreads, x.ptr, g.ptr,
                        o.ptr, C, H, W, OH, OW, inp_sN, inp_sC, inp_sH, inp_sW, grid_sN, grid_sH,
                        grid_sW, grid_sCoor, out_sN, out_sC, out_sH, out_sW, align_corners,
                        a_x.ptr, a_g.ptr, a_o.ptr));
  check.array("input", a_x.get(), fd(input, loss));
  check.array("grid", a_g.get(), fd(grid, loss));
  check.array("output", a_o.get(), fd(output, loss));
#endif
  return check.finish();
}
