#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25d_lj_coul_host");
  Rng rng(25405);
  const int n = 27;
  const double L = 4.2, rc = 1.75, skin = 0.2;
  std::vector<double> pos(3 * n), q(n);
  std::vector<int> type(n);
  // eps, sigma for (0,0), (0,1), (1,0), (1,1)
  std::vector<double> lj = {0.8, 1.0, 0.6, 1.1, 0.6, 1.1, 0.5, 1.2};
  int inside = 0, listed = 0;
  // jittered lattice, redrawn until no pair sits within 1e-3 of a cutoff or of half the box
  for (int tries = 0;; ++tries) {
    for (int i = 0; i < n; ++i) {
      const int a = i % 3, b = (i / 3) % 3, c = i / 9;
      pos[3 * i] = 1.4 * a + rng.uniform(-0.15, 0.15);
      pos[3 * i + 1] = 1.4 * b + rng.uniform(-0.15, 0.15);
      pos[3 * i + 2] = 1.4 * c + rng.uniform(-0.15, 0.15);
      type[i] = (a + b + c) % 2;
      q[i] = (type[i] ? 0.4 : -0.4) + rng.uniform(-0.1, 0.1);
    }
    bool ok = true;
    inside = listed = 0;
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) {
        if (i == j) continue;
        double r2 = 0;
        for (int d = 0; d < 3; ++d) {
          double dx = pos[3 * i + d] - pos[3 * j + d];
          dx -= L * std::rint(dx / L);
          ok = ok && std::fabs(std::fabs(dx) - L / 2) > 1e-3;
          r2 += dx * dx;
        }
        const double r = std::sqrt(r2);
        ok = ok && std::fabs(r - rc) > 1e-3 && std::fabs(r - rc - skin) > 1e-3;
        inside += r < rc;
        listed += r < rc + skin;
      }
    if (ok || tries > 200) {
      check.expect(ok, "pairs away from the cutoffs");
      break;
    }
  }
  std::printf("pairs within cutoff %d, listed %d\n", inside, listed);
  check.expect(inside > 0 && listed > inside, "cutoff skips some listed pairs");
#if CUAD_OUTPUT == 1
  auto loss = [&] { return lj_coulomb_energy(n, pos.data(), q.data(), type.data(), lj.data(), L, rc, skin); };
  std::vector<double> gp(3 * n, 0.0), gq(n, 0.0), gl(lj.size(), 0.0);
  CUAD_GRAD(lj_coulomb_energy_grad_1_2_4(n, pos.data(), q.data(), type.data(), lj.data(), L, rc, skin, gp.data(),
                                         gq.data(), gl.data()));
  check.array("pos", gp, fd(pos, loss));
  check.array("charge", gq, fd(q, loss));
  check.array("lj_table", gl, fd(lj, loss));
#else
  const std::vector<double> vp = rng.vec(3 * n, -0.5, 0.5), vq = rng.vec(n), vl = rng.vec(lj.size(), -0.2, 0.2);
  auto outputs_at = [&](double t) {
    std::vector<double> p = along(pos, t, vp), qq = along(q, t, vq), l = along(lj, t, vl);
    return std::vector<double>{lj_coulomb_energy(n, p.data(), qq.data(), type.data(), l.data(), L, rc, skin)};
  };
  double value = 0.0, tangent = 0.0;
  CUAD_GRAD(auto res = lj_coulomb_energy_pushforward_1_2_4(n, pos.data(), q.data(), type.data(), lj.data(), L, rc, skin,
                                                           vp.data(), vq.data(), vl.data());
            value = res.value; tangent = res.pushforward);
  check.array("energy tangent", std::vector<double>{tangent}, directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  check.scalar("energy value", value,
               lj_coulomb_energy(n, pos.data(), q.data(), type.data(), lj.data(), L, rc, skin));
#endif
#endif
  return check.finish();
}
