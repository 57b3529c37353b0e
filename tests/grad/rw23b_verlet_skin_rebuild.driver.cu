#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23b_verlet_skin_rebuild");
  Rng rng(23214);
  const int side = 3, n = side * side * side, steps = 6;
  const double L = 4.5, a = L / side, dt = 0.005;
  double eps = 1.0, sigma = 1.1;
  std::vector<double> pos(3 * n), vel = rng.vec(3 * n, -2.0, 2.0);
  for (int i = 0; i < n; ++i) {
    const int c[3] = {i / (side * side), (i / side) % side, i % side};
    for (int d = 0; d < 3; ++d) pos[3 * i + d] = (c[d] + 0.5) * a + rng.uniform(-0.06, 0.06);
  }
  double closest = 1e9;
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) {
      double r2 = 0;
      for (int d = 0; d < 3; ++d) {
        double dd = pos[3 * i + d] - pos[3 * j + d];
        dd -= L * std::round(dd / L);
        r2 += dd * dd;
      }
      closest = std::fmin(closest, std::fabs(std::sqrt(r2) - 1.8));
    }
  std::printf("closest |r - rc| initially %g\n", closest);
  check.expect(closest > 0.02, "no pair at the cutoff");
  int rebuilds = 0;
  const std::vector<double> wx = rng.vec(3 * n), wv = rng.vec(3 * n);
  auto loss = [&] {
    std::vector<double> p = pos, v = vel;
    const double e = md_skin(p.data(), v.data(), n, L, eps, sigma, dt, steps, &rebuilds);
    return e + dot(wx, p) + dot(wv, v);
  };
  loss();
  std::printf("list rebuilds: %d\n", rebuilds);
  check.expect(rebuilds >= 1, "the list is rebuilt during the run");
  std::vector<double> p = pos, v = vel, gp = wx, gv = wv;
  double ge = 0.0, gs = 0.0;
  int rb = 0;
  CUAD_GRAD(md_skin_grad_0_1_4_5(p.data(), v.data(), n, L, eps, sigma, dt, steps, &rb, gp.data(), gv.data(), &ge,
                                 &gs));
  check.array("pos", gp, fd(pos, loss));
  check.array("vel", gv, fd(vel, loss));
  check.scalar("eps", ge, fd(eps, loss));
  check.scalar("sigma", gs, fd(sigma, loss));
  return check.finish();
}
