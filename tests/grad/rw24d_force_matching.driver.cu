#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24d_force_matching");
  Rng rng(24110);
  const int nchain = 4, len = 4, n = nchain * len, nframes = 3;
  const float L = 5.5f, rc = 2.3f;
  auto mi = [&](double d) { return d - L * std::floor(d / L + 0.5); };
  std::vector<int2> bonds;
  std::vector<int> type(n);
  for (int c = 0; c < nchain; ++c)
    for (int i = 0; i < len; ++i) {
      type[c * len + i] = (i == 0 || i == len - 1) ? 1 : 0;
      if (i > 0) bonds.push_back(make_int2(c * len + i - 1, c * len + i));
    }
  const int nb = (int)bonds.size();
  // frames: chains grown bead by bead with unit-ish bonds; every non-bonded pair of every
  // frame is kept away from the core (r > 1.1) and from the cutoff
  std::vector<float> frames;
  for (int fr = 0; fr < nframes; ++fr) {
    std::vector<double> x;
    for (int tries = 0; (int)x.size() < 3 * n && tries < 200000; ++tries) {
      const int i = (int)x.size() / 3;
      double p[3];
      if (i % len == 0) {
        for (int c = 0; c < 3; ++c) p[c] = rng.uniform(-L / 2, L / 2);
      } else {
        double u[3], nn = 0;
        for (int c = 0; c < 3; ++c) u[c] = rng.uniform(-1, 1), nn += u[c] * u[c];
        const double b = rng.uniform(0.95, 1.15) / std::sqrt(nn);
        for (int c = 0; c < 3; ++c) p[c] = x[3 * (i - 1) + c] + b * u[c];
      }
      bool ok = true;
      for (int j = 0; j < i && ok; ++j) {
        double r2 = 0;
        for (int c = 0; c < 3; ++c) r2 += mi(p[c] - x[3 * j + c]) * mi(p[c] - x[3 * j + c]);
        const double r = std::sqrt(r2);
        const bool bonded = (j == i - 1) && (i % len != 0);
        if ((!bonded && r < 1.1) || std::fabs(r - rc) < 0.05) ok = false;
      }
      if (ok)
        for (int c = 0; c < 3; ++c) x.push_back(p[c]);
      else if (i % len != 0 && tries % 50 == 49) {
        x.resize(3 * (i - i % len));  // restart this chain
      }
    }
    check.expect((int)x.size() == 3 * n, "built a frame");
    for (double v : x) frames.push_back((float)v);
  }
  std::vector<float> ref = rng.vec<float>(3 * n * nframes, -3.0, 3.0);
  std::vector<float> eps = {0.5f, 0.35f, 0.35f, 0.8f}, sigma = {0.95f, 0.9f, 0.9f, 1.0f};
  MorseParams morse{1.5f, 1.8f, 1.05f};
  auto loss = [&] {
    return (double)force_match_loss(frames.data(), ref.data(), nframes, n, type.data(), bonds.data(), nb, L,
                                    eps.data(), sigma.data(), morse, rc);
  };
  std::printf("loss %.6f\n", loss());
  std::vector<float> g_eps(4, 0.0f), g_sig(4, 0.0f);
  MorseParams g_m{0.0f, 0.0f, 0.0f};
  CUAD_GRAD(force_match_loss_grad_8_9_10(frames.data(), ref.data(), nframes, n, type.data(), bonds.data(), nb, L,
                                         eps.data(), sigma.data(), morse, rc, g_eps.data(), g_sig.data(), &g_m));
  check.array("eps", g_eps, fd(eps, loss));
  check.array("sigma", g_sig, fd(sigma, loss));
  check.scalar("morse.D", g_m.D, fd(morse.D, loss));
  check.scalar("morse.a", g_m.a, fd(morse.a, loss));
  check.scalar("morse.r0", g_m.r0, fd(morse.r0, loss));
  return check.finish();
}
