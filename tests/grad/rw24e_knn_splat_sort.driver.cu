#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static const int W = 12, H = 10, NG = 24;

int main() {
  Checker check("rw24e_knn_splat_sort");
  Rng rng(24509);
  std::vector<double> means(2 * NG), depth(NG), lsc(NG), op(NG), col = rng.vec<double>(3 * NG, 0.0, 1.0);
  // Gaussians whose 3-sigma circles pass no pixel center closely; depths at least 0.01 apart
  int full = 0;
  for (int g = 0; g < NG; ++g) {
    for (;;) {
      means[2 * g] = rng.uniform(0.0, W), means[2 * g + 1] = rng.uniform(0.0, H);
      lsc[g] = std::log(rng.uniform(1.2, 3.0));
      bool ok = true;
      for (int y = 0; y < H && ok; ++y)
        for (int x = 0; x < W && ok; ++x) {
          const double dx = x + 0.5 - means[2 * g], dy = y + 0.5 - means[2 * g + 1];
          const double r2 = (dx * dx + dy * dy) * std::exp(-2 * lsc[g]);
          if (std::fabs(r2 - 9.0) < 1e-3) ok = false;
        }
      if (ok) break;
    }
    depth[g] = 1.0 + 0.37 * g + rng.uniform(0.0, 0.3);
    op[g] = rng.uniform(0.2, 0.9);
  }
  // shuffle the depths so that the scan order is not the depth order
  for (int g = NG - 1; g > 0; --g) std::swap(depth[g], depth[(int)rng.uniform(0.0, g + 0.999)]);
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x) {
      int c = 0;
      for (int g = 0; g < NG; ++g) {
        const double dx = x + 0.5 - means[2 * g], dy = y + 0.5 - means[2 * g + 1];
        c += (dx * dx + dy * dy) * std::exp(-2 * lsc[g]) <= 9.0;
      }
      full += c > KMAX;
    }
  std::printf("pixels with more than KMAX candidates: %d\n", full);
  check.expect(full > 10 && full < W * H, "some lists overflow");

  auto run = [&](const std::vector<double>& m, const std::vector<double>& dp, const std::vector<double>& ls,
                 const std::vector<double>& o, const std::vector<double>& c) {
    DeviceArray<double> d_m(m), d_d(dp), d_l(ls), d_o(o), d_c(c), d_img(zeros<double>(3 * W * H)), d_e(zeros<double>(W * H));
    CUAD_LAUNCH(splat_knn, dim3(3, 2), dim3(4, 5), d_m.ptr, d_d.ptr, d_l.ptr, d_o.ptr, d_c.ptr, NG, W, H, d_img.ptr, d_e.ptr);
    std::vector<double> out = d_img.get(), e = d_e.get();
    out.insert(out.end(), e.begin(), e.end());
    return out;
  };
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec<double>(4 * W * H);
  auto loss = [&] { return dot(w, run(means, depth, lsc, op, col)); };
  DeviceArray<double> d_m(means), d_d(depth), d_l(lsc), d_o(op), d_c(col), d_img(zeros<double>(3 * W * H)),
      d_e(zeros<double>(W * H)), g_m(zeros<double>(2 * NG)), g_d(zeros<double>(NG)), g_l(zeros<double>(NG)),
      g_o(zeros<double>(NG)), g_c(zeros<double>(3 * NG)), g_img(std::vector<double>(w.begin(), w.begin() + 3 * W * H)),
      g_e(std::vector<double>(w.begin() + 3 * W * H, w.end()));
  CUAD_GRAD(CUAD_LAUNCH(splat_knn_grad_0_1_2_3_4_8_9, dim3(3, 2), dim3(4, 5), d_m.ptr, d_d.ptr, d_l.ptr, d_o.ptr, d_c.ptr, NG,
                        W, H, d_img.ptr, d_e.ptr, g_m.ptr, g_d.ptr, g_l.ptr, g_o.ptr, g_c.ptr, g_img.ptr, g_e.ptr));
  check.array("means", g_m.get(), fd(means, loss));
  check.array("depth", g_d.get(), fd(depth, loss));
  check.array("log_scale", g_l.get(), fd(lsc, loss));
  check.array("opacity", g_o.get(), fd(op, loss));
  check.array("color", g_c.get(), fd(col, loss));
  check.array("img", g_img.get(), zeros<double>(3 * W * H));
  check.array("exp_depth", g_e.get(), zeros<double>(W * H));
#else
  const std::vector<double> vm = rng.vec<double>(2 * NG), vd = rng.vec<double>(NG), vl = rng.vec<double>(NG),
                            vo = rng.vec<double>(NG), vc = rng.vec<double>(3 * NG);
  auto outputs_at = [&](double t) {
    return run(along(means, t, vm), along(depth, t, vd), along(lsc, t, vl), along(op, t, vo), along(col, t, vc));
  };
  DeviceArray<double> d_m(means), d_d(depth), d_l(lsc), d_o(op), d_c(col), d_img(zeros<double>(3 * W * H)),
      d_e(zeros<double>(W * H)), t_m(vm), t_d(vd), t_l(vl), t_o(vo), t_c(vc), t_img(zeros<double>(3 * W * H)),
      t_e(zeros<double>(W * H));
  CUAD_GRAD(CUAD_LAUNCH(splat_knn_pushforward, dim3(3, 2), dim3(4, 5), d_m.ptr, d_d.ptr, d_l.ptr, d_o.ptr,
                        d_c.ptr, NG, W, H, d_img.ptr, d_e.ptr, t_m.ptr, t_d.ptr, t_l.ptr, t_o.ptr, t_c.ptr, t_img.ptr,
                        t_e.ptr));
  std::vector<double> tan = t_img.get(), te = t_e.get();
  tan.insert(tan.end(), te.begin(), te.end());
  check.array("tangent", tan, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
