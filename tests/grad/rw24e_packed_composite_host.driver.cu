#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24e_packed_composite_host");
  Rng rng(24504);
  const int n_rays = 40;
  std::vector<RayPack> packs(n_rays);
  std::vector<double> ts, te, sig, rgb;
  int n = 0, skipped = 0, stopped = 0;
  for (int r = 0; r < n_rays; ++r) {
    const int count = 3 + (int)rng.uniform(0.0, 14.0);
    packs[r] = RayPack{n, count};
    double t = rng.uniform(1.0, 1.5), T = 1.0;
    for (int j = 0; j < count; ++j) {
      const double dt = rng.uniform(0.05, 0.2);
      double s;
      // densities with alpha away from the skip threshold; the transmittance test decided
      // by a clear margin, so no branch flips under the finite differences
      for (;;) {
        s = rng.uniform(0.0, 1.0) < 0.3 ? rng.uniform(0.0, 0.006) : rng.uniform(0.5, 30.0);
        const double a = 1.0 - std::exp(-s * dt);
        if (std::fabs(a - 1e-3) < 2e-4) continue;
        if (a >= 1e-3 && std::fabs(std::log(T * (1.0 - a) / 1e-3)) < 0.05) continue;
        if (a < 1e-3) ++skipped;
        else T *= 1.0 - a;
        break;
      }
      ts.push_back(t), te.push_back(t + dt), sig.push_back(s);
      for (int c = 0; c < 3; ++c) rgb.push_back(rng.uniform(0.0, 1.0));
      t += dt;
      ++n;
      if (T < 1e-3) break;  // the kernel stops here; later samples are not read
    }
    stopped += T < 1e-3;
    packs[r].count = n - packs[r].start + (T < 1e-3 ? 2 : 0);
    if (T < 1e-3)  // two samples after the stop that the kernel never reaches
      for (int e = 0; e < 2; ++e) {
        ts.push_back(t), te.push_back(t + 0.1), sig.push_back(5.0);
        for (int c = 0; c < 3; ++c) rgb.push_back(0.5);
        t += 0.1, ++n;
      }
  }
  std::printf("samples %d, skipped %d, rays stopped %d\n", n, skipped, stopped);
  check.expect(skipped > 5 && stopped > 3 && stopped < n_rays, "skips, stops and full rays");
  const std::vector<double> target = rng.vec<double>(3 * n_rays, 0.0, 1.0);
  auto loss = [&] {
    return render_loss(packs.data(), ts.data(), te.data(), sig.data(), rgb.data(), target.data(), n_rays, n, 0.1, 0.05);
  };
  std::vector<double> g_ts(n, 0.0), g_te(n, 0.0), g_sig(n, 0.0), g_rgb(3 * n, 0.0);
  CUAD_GRAD(render_loss_grad_1_2_3_4(packs.data(), ts.data(), te.data(), sig.data(), rgb.data(), target.data(), n_rays,
                                      n, 0.1, 0.05, g_ts.data(), g_te.data(), g_sig.data(), g_rgb.data()));
  check.array("t_starts", g_ts, fd(ts, loss));
  check.array("t_ends", g_te, fd(te, loss));
  check.array("sigmas", g_sig, fd(sig, loss));
  check.array("rgbs", g_rgb, fd(rgb, loss));
  return check.finish();
}
