#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24b_dopri_adaptive");
  const int n = 24;
  const double tend = 2.0, h0 = 0.05, atol = 1e-4;
  Rng rng(24214);
  std::vector<double> y0(NV * n), kin(5 * n);
  for (int r = 0; r < n; ++r) {
    y0[NV * r] = rng.uniform(0.8, 1.0);
    y0[NV * r + 1] = rng.uniform(0.0, 0.2);
    y0[NV * r + 2] = rng.uniform(1.0, 1.3);
    kin[5 * r] = rng.uniform(1.0, 2.0);
    kin[5 * r + 1] = rng.uniform(1.0, 2.0);
    kin[5 * r + 2] = rng.uniform(0.5, 1.5);
    kin[5 * r + 3] = rng.uniform(1.0, 2.0);
    kin[5 * r + 4] = rng.uniform(0.2, 0.6);
  }
  auto run = [&](const std::vector<double>& y, const std::vector<double>& k, std::vector<int>* acc = nullptr) {
    DeviceArray<double> dy(y), dk(k), de(zeros<double>(NV * n));
    DeviceArray<int> na(std::vector<int>(n, 0));
    CUAD_LAUNCH(dopri_batch, 1, 32, dy.ptr, dk.ptr, de.ptr, na.ptr, tend, h0, atol, n);
    if (acc) *acc = na.get();
    return de.get();
  };
  std::vector<int> acc;
  run(y0, kin, &acc);
  int tot = 0;
  for (int a : acc) tot += a;
  std::printf("accepted steps: %d total over %d reactors\n", tot, n);
#if CUAD_OUTPUT == 2
  std::vector<double> w = rng.vec(NV * n);
  auto loss = [&] { return dot(w, run(y0, kin)); };
  DeviceArray<double> dy(y0), dk(kin), de(zeros<double>(NV * n)), ay(zeros<double>(NV * n)), ak(zeros<double>(5 * n)), ae(w);
  DeviceArray<int> na(std::vector<int>(n, 0));
  CUAD_GRAD(CUAD_LAUNCH(dopri_batch_grad_0_1_2, 1, 32, dy.ptr, dk.ptr, de.ptr, na.ptr, tend, h0, atol, n, ay.ptr, ak.ptr, ae.ptr));
  check.array("y0", ay.get(), fd(y0, loss));
  check.array("kin", ak.get(), fd(kin, loss));
#else
  std::vector<double> vy = rng.vec(NV * n, -0.05, 0.05), vk = rng.vec(5 * n, -0.1, 0.1);
#if CUAD_OUTPUT == 3
  vy = zeros<double>(NV * n);
#endif
  auto outputs_at = [&](double t) { return run(along(y0, t, vy), along(kin, t, vk)); };
  DeviceArray<double> dy(y0), dk(kin), de(zeros<double>(NV * n)), ty(vy), tk(vk), te(zeros<double>(NV * n));
  DeviceArray<int> na(std::vector<int>(n, 0));
#if CUAD_OUTPUT == 1
  CUAD_GRAD(CUAD_LAUNCH(dopri_batch_pushforward, 1, 32, dy.ptr, dk.ptr, de.ptr, na.ptr, tend, h0, atol, n, ty.ptr, tk.ptr, te.ptr,
                        0.0, 0.0, 0.0));
#else
  CUAD_GRAD(CUAD_LAUNCH(dopri_batch_pushforward_1_2, 1, 32, dy.ptr, dk.ptr, de.ptr, na.ptr, tend, h0, atol, n, tk.ptr, te.ptr));
#endif
  check.array("yend", te.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
