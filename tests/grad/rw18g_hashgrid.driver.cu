#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw18g_hashgrid");
  Rng rng(18003);
#if CUAD_OUTPUT == 1 || CUAD_OUTPUT == 3
  // 3-D, 2 features, 4 levels: scales 2, 3.24, 5, 7.49; level 0 dense (27 <= 32 entries),
  // the others hashed into 64 entries. Points away from cell faces at every level.
  const int D = 3, F = 2, L = 4;
  const uint32_t n = 13, base_res = 3;
  const float log2s = 0.5f;
  GridOffsetTable tab;
  const uint32_t sizes[L] = {32, 64, 64, 64};
  for (int l = 0; l < L; ++l) tab.data[l + 1] = tab.data[l] + sizes[l];
  tab.size = L + 1;
#else
  // 2-D, 4 features, 3 levels: level 0 dense (16 entries), levels 1-2 hashed into 32.
  const int D = 2, F = 4, L = 3;
  const uint32_t n = 9, base_res = 4;
  const float log2s = 0.7f;
  GridOffsetTable tab;
  const uint32_t sizes[L] = {16, 32, 32};
  for (int l = 0; l < L; ++l) tab.data[l + 1] = tab.data[l] + sizes[l];
  tab.size = L + 1;
#endif
  const uint32_t total = tab.data[L];
  std::vector<float> pos(D * n);
  for (uint32_t i = 0; i < n; ++i)
    for (int d = 0; d < D; ++d)
      for (;;) {
        const float x = (float)rng.uniform(0.02, 0.98);
        bool ok = true;
        for (int l = 0; l < L; ++l) {
          const float scale = exp2f(l * log2s) * base_res - 1.0f;
          const double p = (double)x * scale + 0.5, fr = p - std::floor(p);
          if (fr < 0.08 || fr > 0.92) ok = false;
        }
        if (ok) { pos[d * n + i] = x; break; }
      }
  std::vector<float> grid = rng.vec<float>(total * F), enc = zeros<float>(L * F * n);
  const dim3 blocks((n + 7) / 8, L), threads(8);
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(L * F * n);
  auto loss = [&] {
    DeviceArray<float> dg(grid), dp(pos), de(enc);
    CUAD_LAUNCH((kernel_grid<float, 3, 2>), blocks, threads, n, tab, base_res, log2s, dg.ptr, dp.ptr,
                de.ptr);
    return dot(w, de.get());
  };
  DeviceArray<float> dg(grid), dp(pos), de(enc), gg(zeros<float>(total * F)),
      gp(zeros<float>(D * n)), ge(w);
  CUAD_GRAD(CUAD_LAUNCH((kernel_grid_grad_4_5_6<float, 3, 2>), blocks, threads, n, tab, base_res,
                        log2s, dg.ptr, dp.ptr, de.ptr, gg.ptr, gp.ptr, ge.ptr));
  check.array("grid", gg.get(), fd(grid, loss));
  check.array("positions_in", gp.get(), fd(pos, loss));
  check.array("encoded_positions", ge.get(), std::vector<double>(L * F * n, 0.0));
#elif CUAD_OUTPUT == 2
  const std::vector<float> w = rng.vec<float>(L * F * n);
  auto loss = [&] {
    DeviceArray<float> dg(grid), dp(pos), de(enc);
    CUAD_LAUNCH((kernel_grid<float, 2, 4>), blocks, threads, n, tab, base_res, log2s, dg.ptr, dp.ptr,
                de.ptr);
    return dot(w, de.get());
  };
  DeviceArray<float> dg(grid), dp(pos), de(enc), gg(zeros<float>(total * F)), ge(w);
  CUAD_GRAD(CUAD_LAUNCH((kernel_grid_grad_4_6<float, 2, 4>), blocks, threads, n, tab, base_res,
                        log2s, dg.ptr, dp.ptr, de.ptr, gg.ptr, ge.ptr));
  check.array("grid", gg.get(), fd(grid, loss));
  check.array("encoded_positions", ge.get(), std::vector<double>(L * F * n, 0.0));
#else
  const std::vector<float> tg = rng.vec<float>(total * F), tp = rng.vec<float>(D * n, -0.2, 0.2),
                           te = rng.vec<float>(L * F * n);
  auto outputs_at = [&](double t) {
    DeviceArray<float> dg(along(grid, t, tg)), dp(along(pos, t, tp)), de(enc);
    CUAD_LAUNCH((kernel_grid<float, 3, 2>), blocks, threads, n, tab, base_res, log2s, dg.ptr, dp.ptr,
                de.ptr);
    return as_doubles(de.get());
  };
  DeviceArray<float> dg(grid), dp(pos), de(enc), d_g(tg), d_p(tp), d_e(te);
  CUAD_GRAD(CUAD_LAUNCH((kernel_grid_pushforward_4_5_6<float, 3, 2>), blocks, threads, n, tab,
                        base_res, log2s, dg.ptr, dp.ptr, de.ptr, d_g.ptr, d_p.ptr, d_e.ptr));
  check.array("encoded_positions", as_doubles(d_e.get()), directional_fd<float>(outputs_at),
              default_tol<float>());
#endif
  return check.finish();
}
