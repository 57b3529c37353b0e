#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static const int C = 3;

static double unnorm(double c, int size, bool ac) {
  return ac ? (c + 1.0) * 0.5 * (size - 1) : ((c + 1.0) * size - 1.0) * 0.5;
}

// A grid coordinate whose source index is at least 0.05 away from every integer (tap switches,
// the border clamp at 0 and size - 1 and the zero-padding edges are all at integers).
static double safe_coord(Rng& rng, int size, bool ac) {
  for (;;) {
    const double c = rng.uniform(-1.2, 1.2);
    const double s = unnorm(c, size, ac);
    if (std::fabs(s - std::round(s)) > 0.05) return c;
  }
}

int main() {
  Checker check("rw25e_grid_sample_pad");
  Rng rng(25501);
  const int B = 2, H = 5, W = 6, Ho = 4, Wo = 5;
  const int n_img = B * H * W * C, n_grid = B * Ho * Wo * 2, n_out = B * Ho * Wo * C;
  const SampleShape shapes[3] = {{H, W, Ho, Wo, kZeros, false},
                                 {H, W, Ho, Wo, kBorder, false},
                                 {H, W, Ho, Wo, kZeros, true}};
  for (int m = 0; m < 3; ++m) {
    const SampleShape s = shapes[m];
    const std::string tag = std::string(m == 1 ? "border" : "zeros") + (s.align_corners ? "/ac" : "");
    std::vector<double> img = rng.vec(n_img, -1.0, 1.0), grid(n_grid);
    for (int k = 0; k < B * Ho * Wo; ++k) {
      grid[2 * k] = safe_coord(rng, W, s.align_corners);
      grid[2 * k + 1] = safe_coord(rng, H, s.align_corners);
    }
    auto g2 = [](DeviceArray<double>& a) { return reinterpret_cast<double2*>(a.ptr); };
    auto run = [&](const std::vector<double>& im, const std::vector<double>& gr) {
      DeviceArray<double> d_img(im), d_grid(gr), d_out(zeros<double>(n_out));
      CUAD_LAUNCH(grid_sample2d<C>, 2, 32, d_img.ptr, g2(d_grid), s, d_out.ptr, B);
      return d_out.get();
    };
#if CUAD_OUTPUT == 1
    const std::vector<double> w = rng.vec(n_out);
    auto loss = [&] { return dot(w, run(img, grid)); };
    DeviceArray<double> d_img(img), d_grid(grid), d_out(zeros<double>(n_out)), g_img(zeros<double>(n_img)),
        g_grid(zeros<double>(n_grid)), g_out(w);
    CUAD_GRAD(CUAD_LAUNCH(grid_sample2d_grad_0_1_3<C>, 2, 32, d_img.ptr, g2(d_grid), s, d_out.ptr, B,
                          g_img.ptr, g2(g_grid), g_out.ptr));
    check.array(tag + " img", g_img.get(), fd(img, loss));
    check.array(tag + " grid", g_grid.get(), fd(grid, loss));
    check.array(tag + " out", g_out.get(), zeros<double>(n_out));
#else
    const std::vector<double> vi = rng.vec(n_img), vg = rng.vec(n_grid, -0.5, 0.5), vo = rng.vec(n_out);
    auto outputs_at = [&](double t) { return run(along(img, t, vi), along(grid, t, vg)); };
    DeviceArray<double> d_img(img), d_grid(grid), d_out(zeros<double>(n_out)), t_img(vi), t_grid(vg), t_out(vo);
    CUAD_GRAD(CUAD_LAUNCH(grid_sample2d_pushforward<C>, 2, 32, d_img.ptr, g2(d_grid), s, d_out.ptr, B,
                          t_img.ptr, g2(t_grid), t_out.ptr));
    check.array(tag + " out tangent", t_out.get(), directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
    check.array(tag + " out value", d_out.get(), run(img, grid));
#endif
#endif
  }
  return check.finish();
}
