#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25a_split_step_bpm");
  Rng rng(25707);
  const int n = 40;
  const double k0 = 8.0, width = 12.0, length = 1.3, dz_max = 0.3;  // 5 steps
  std::vector<double> re(n), im(n), dn(n);
  for (int i = 0; i < n; ++i) {
    const double x = (i - 0.5 * (n - 1)) * width / n;
    const double env = std::exp(-x * x / 4.0);
    re[i] = env * std::cos(0.3 * x) + rng.uniform(-0.05, 0.05);
    im[i] = env * std::sin(0.3 * x) + rng.uniform(-0.05, 0.05);
    dn[i] = 0.02 * std::exp(-x * x / 6.0) + rng.uniform(-0.002, 0.002);
  }
  double kerr = 0.9;
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    std::vector<double> I(n, 0.0);
    bpm_propagate(re.data(), im.data(), dn.data(), kerr, k0, width, length, dz_max, I.data(), n);
    return dot(w, I);
  };
  std::vector<double> I(n, 0.0), gre(n, 0.0), gim(n, 0.0), gdn(n, 0.0), gI = w;
  double gk = 0.0;
  CUAD_GRAD(bpm_propagate_grad_0_1_2_3_8(re.data(), im.data(), dn.data(), kerr, k0, width, length, dz_max,
                                         I.data(), n, gre.data(), gim.data(), gdn.data(), &gk, gI.data()));
  check.array("u0_re", gre, fd(re, loss));
  check.array("u0_im", gim, fd(im, loss));
  check.array("dn", gdn, fd(dn, loss));
  check.scalar("kerr", gk, fd(kerr, loss));
  check.array("intensity", gI, zeros<double>(n));
#else
  const std::vector<double> vr = rng.vec(n, -0.1, 0.1), vi = rng.vec(n, -0.1, 0.1), vd = rng.vec(n, -0.01, 0.01);
  const double vk = 0.5;
  auto outputs_at = [&](double t) {
    std::vector<double> I(n, 0.0);
    const std::vector<double> r2 = along(re, t, vr), i2 = along(im, t, vi), d2 = along(dn, t, vd);
    bpm_propagate(r2.data(), i2.data(), d2.data(), along(kerr, t, vk), k0, width, length, dz_max, I.data(), n);
    return I;
  };
  std::vector<double> I(n, 0.0), tI(n, 0.0);
  CUAD_GRAD(bpm_propagate_pushforward_0_1_2_3_8(re.data(), im.data(), dn.data(), kerr, k0, width, length,
                                                dz_max, I.data(), n, vr.data(), vi.data(), vd.data(), vk,
                                                tI.data()));
  check.array("intensity tangent", tI, directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  std::vector<double> I2(n, 0.0);
  bpm_propagate(re.data(), im.data(), dn.data(), kerr, k0, width, length, dz_max, I2.data(), n);
  check.array("intensity value", I, I2);
#endif
#endif
  return check.finish();
}
