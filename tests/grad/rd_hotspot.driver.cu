#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rd_hotspot");
  const int rows = 19, cols = 21;  // partial pyramids on both axes
  const int n = rows * cols;
  Rng rng(4401);
  // Temperatures near 0 and a weak ambient coupling (amb_temp is 80 in the kernel): outputs
  // near 80 would leave float finite differences over several steps little resolution.
  std::vector<float> power = rng.vec<float>(n, 0.0, 1.0), temp = rng.vec<float>(n, 0.0, 2.0),
                     dst0 = rng.vec<float>(n);
  float Cap = 2.0f, Rx = 4.0f, Ry = 3.0f, Rz = 60.0f, step = 0.6f;
  const std::vector<float> w = rng.vec<float>(n);
#if CUAD_OUTPUT == 1 || CUAD_OUTPUT == 3
  const int iteration = 2, border = iteration;
  const int small = 16 - 2 * iteration;
  const dim3 grid((cols + small - 1) / small, (rows + small - 1) / small), block(16, 16);
  auto run = [&](const std::vector<float>& p, const std::vector<float>& t, float cap, float rz) {
    DeviceArray<float> dp(p), ds(t), dd(dst0);
    CUAD_LAUNCH(calculate_temp, grid, block, iteration, dp.ptr, ds.ptr, dd.ptr, cols, rows,
                border, border, cap, Rx, Ry, rz, step);
    return dd.get();
  };
#endif
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    DeviceArray<float> dp(power), ds(temp), dd(dst0);
    CUAD_LAUNCH(calculate_temp, grid, block, iteration, dp.ptr, ds.ptr, dd.ptr, cols, rows,
                border, border, Cap, Rx, Ry, Rz, step);
    return dot(w, dd.get());
  };
  DeviceArray<float> dp(power), ds(temp), dd(dst0), ap(zeros<float>(n)), as(zeros<float>(n)),
      ad(w);
  DeviceScalar<float> aCap, aRx, aRy, aRz, aStep;
  CUAD_GRAD(CUAD_LAUNCH(calculate_temp_grad_1_2_3_8_9_10_11_12, grid, block, iteration, dp.ptr,
                        ds.ptr, dd.ptr, cols, rows, border, border, Cap, Rx, Ry, Rz, step, ap.ptr,
                        as.ptr, ad.ptr, aCap.ptr, aRx.ptr, aRy.ptr, aRz.ptr, aStep.ptr));
  check.array("power", ap.get(), fd(power, loss));
  check.array("temp_src", as.get(), fd(temp, loss));
  check.array("temp_dst", ad.get(), fd(dst0, loss));
  check.scalar("Cap", aCap.get()[0], fd(Cap, loss));
  check.scalar("Rx", aRx.get()[0], fd(Rx, loss));
  check.scalar("Ry", aRy.get()[0], fd(Ry, loss));
  check.scalar("Rz", aRz.get()[0], fd(Rz, loss));
  check.scalar("step", aStep.get()[0], fd(step, loss));
#elif CUAD_OUTPUT == 2
  const int total = 5, pyramid = 2;  // launches of 2, 2 and 1 steps
  auto loss = [&] {
    std::vector<float> t = temp;
    hotspot_run(power.data(), t.data(), rows, cols, total, pyramid, Cap, Rx, Ry, Rz, step);
    return dot(w, t);
  };
  std::vector<float> t = temp, ap(n, 0.0f), at = w;
  float aCap = 0, aRx = 0, aRy = 0, aRz = 0, aStep = 0;
  CUAD_GRAD(hotspot_run_grad_0_1_6_7_8_9_10(power.data(), t.data(), rows, cols, total, pyramid,
                                            Cap, Rx, Ry, Rz, step, ap.data(), at.data(), &aCap,
                                            &aRx, &aRy, &aRz, &aStep));
  check.array("power", ap, fd(power, loss));
  check.array("temp", at, fd(temp, loss));
  check.scalar("Cap", aCap, fd(Cap, loss));
  check.scalar("Rx", aRx, fd(Rx, loss));
  check.scalar("Ry", aRy, fd(Ry, loss));
  check.scalar("Rz", aRz, fd(Rz, loss));
  check.scalar("step", aStep, fd(step, loss));
#else
  // large directions: outputs near 80 leave float finite differences little resolution
  std::vector<float> vp = rng.vec<float>(n, -10.0, 10.0), vt = rng.vec<float>(n, -10.0, 10.0);
  const float vCap = 0.3f, vRz = -0.7f;
  auto outputs_at = [&](double s) {
    return as_doubles(
        run(along(power, s, vp), along(temp, s, vt), along(Cap, s, vCap), along(Rz, s, vRz)));
  };
  DeviceArray<float> dp(power), ds(temp), dd(dst0), tp(vp), ts(vt), td(zeros<float>(n));
  CUAD_GRAD(CUAD_LAUNCH(calculate_temp_pushforward_1_2_3_8_11, grid, block, iteration, dp.ptr,
                        ds.ptr, dd.ptr, cols, rows, border, border, Cap, Rx, Ry, Rz, step, tp.ptr,
                        ts.ptr, td.ptr, vCap, vRz));
  check.array("temp_dst", as_doubles(td.get()), directional_fd<float>(outputs_at),
              default_tol<float>());
#endif
  return check.finish();
}
