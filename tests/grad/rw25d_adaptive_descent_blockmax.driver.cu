#include CUAD_GENERATED
#include "cuad_test.h"
#include <algorithm>
using namespace cuad_test;

int main() {
  Checker check("rw25d_adaptive_descent_blockmax");
  Rng rng(25427);
  const int n = 13, n_steps = 4;
  const double dt_max = 0.01, max_disp = 0.02;
  // a distorted 13-atom icosahedral cluster (centre plus 12 vertices at radius ~1.1)
  std::vector<double> pos(3 * n, 0.0), eps = rng.vec(n, 0.8, 1.2);
  const double phi = 0.5 * (1.0 + std::sqrt(5.0)), scale = 1.1 / std::sqrt(1.0 + phi * phi);
  for (int v = 0; v < 12; ++v) {
    const double s1 = (v & 1) ? -1.0 : 1.0, s2 = (v & 2) ? -1.0 : 1.0;
    double c[3];
    const int perm = v / 4;  // (0, +-1, +-phi) cyclically permuted
    c[perm] = 0.0;
    c[(perm + 1) % 3] = s1;
    c[(perm + 2) % 3] = s2 * phi;
    for (int k = 0; k < 3; ++k) pos[3 * (v + 1) + k] = scale * c[k] * rng.uniform(0.96, 1.04);
  }
  for (int k = 0; k < 3; ++k) pos[k] = rng.uniform(-0.05, 0.05);
  // the clamp dt = min(dt_max, max_disp / F_max) must stay on one side in every step, and
  // the atom with the largest force must be unique: printed from a primal replay
  {
    std::vector<double> p = pos;
    for (int s = 0; s < n_steps; ++s) {
      std::vector<double> f(3 * n, 0.0), fn(n, 0.0);
      for (int i = 0; i < n; ++i) {
        for (int j = 0; j < n; ++j) {
          if (j == i) continue;
          double d[3], r2 = 0;
          for (int k = 0; k < 3; ++k) d[k] = p[3 * i + k] - p[3 * j + k], r2 += d[k] * d[k];
          const double s6 = 1.0 / (r2 * r2 * r2), fs = 24.0 * std::sqrt(eps[i] * eps[j]) * (2 * s6 * s6 - s6) / r2;
          for (int k = 0; k < 3; ++k) f[3 * i + k] += fs * d[k];
        }
        fn[i] = std::sqrt(f[3 * i] * f[3 * i] + f[3 * i + 1] * f[3 * i + 1] + f[3 * i + 2] * f[3 * i + 2]);
      }
      std::vector<double> sorted = fn;
      std::sort(sorted.begin(), sorted.end());
      const double dt = std::fmin(dt_max, max_disp / sorted[n - 1]);
      std::printf("step %d: F_max %.4f (next %.4f), dt %.5f\n", s, sorted[n - 1], sorted[n - 2], dt);
      check.expect(sorted[n - 1] - sorted[n - 2] > 1e-3, "unique largest force");
      check.expect(std::fabs(max_disp / sorted[n - 1] - dt_max) > 1e-4, "step clamp away from its kink");
      for (int i = 0; i < 3 * n; ++i) p[i] += dt * f[i];
    }
  }
  const std::vector<double> wp = rng.vec(3 * n);
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    std::vector<double> p = pos;
    const double e = relax_cluster(n, p.data(), eps.data(), n_steps, dt_max, max_disp);
    return e + dot(wp, p);
  };
  std::vector<double> p = pos, gp = wp, ge(n, 0.0);
  CUAD_GRAD(relax_cluster_grad_1_2(n, p.data(), eps.data(), n_steps, dt_max, max_disp, gp.data(), ge.data()));
  check.array("pos", gp, fd(pos, loss));
  check.array("eps", ge, fd(eps, loss));
#else
  const std::vector<double> vp = rng.vec(3 * n, -0.05, 0.05), ve = rng.vec(n, -0.1, 0.1);
  auto outputs_at = [&](double t) {
    std::vector<double> p = along(pos, t, vp), e = along(eps, t, ve);
    const double en = relax_cluster(n, p.data(), e.data(), n_steps, dt_max, max_disp);
    p.push_back(en);
    return p;
  };
  std::vector<double> p = pos, tp = vp;
  double value = 0.0, tangent = 0.0;
  CUAD_GRAD(auto r = relax_cluster_pushforward_1_2(n, p.data(), eps.data(), n_steps, dt_max, max_disp, tp.data(), ve.data());
            value = r.value; tangent = r.pushforward);
  (void)value;
  tp.push_back(tangent);
  check.array("tangent (pos, energy)", tp, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
