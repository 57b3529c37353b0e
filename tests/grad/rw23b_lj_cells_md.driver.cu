#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23b_lj_cells_md");
  // Gradients whose tapes spill to device malloc: compute-sanitizer's instrumented malloc needs
  // more stack than the gradient's tape frame leaves (README: per-thread tapes).
  check_cuda(cudaDeviceSetLimit(cudaLimitStackSize, 8 * 1024), "cudaDeviceSetLimit");
  Rng rng(23201);
  const int side = 4, n = side * side * side, steps = 3;
  const double L = 7.8, a = L / side, dt = 0.004;
  double eps = 0.8, sigma = 1.45;
  std::vector<double> pos(3 * n), vel = rng.vec(3 * n, -0.6, 0.6);
  for (int ix = 0; ix < side; ++ix)
    for (int iy = 0; iy < side; ++iy)
      for (int iz = 0; iz < side; ++iz) {
        const int i = (ix * side + iy) * side + iz;
        pos[3 * i] = (ix + 0.5) * a + rng.uniform(-0.12, 0.12);
        pos[3 * i + 1] = (iy + 0.5) * a + rng.uniform(-0.12, 0.12);
        pos[3 * i + 2] = (iz + 0.5) * a + rng.uniform(-0.12, 0.12);
      }
  // pairs must stay away from the cutoff: check the initial minimum-image distances
  double closest = 1e9;
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) {
      double r2 = 0;
      for (int d = 0; d < 3; ++d) {
        double r = pos[3 * i + d] - pos[3 * j + d];
        r -= L * std::rint(r / L);
        r2 += r * r;
      }
      closest = std::fmin(closest, std::fabs(std::sqrt(r2) - RCUT));
    }
  std::printf("closest |r - rc| initially: %g\n", closest);
  check.expect(closest > 0.02, "no pair near the cutoff");
  const std::vector<double> wx = rng.vec(3 * n), wv = rng.vec(3 * n);
  auto loss = [&] {
    std::vector<double> p = pos, v = vel;
    const double e = lj_md_run(p.data(), v.data(), n, L, eps, sigma, dt, steps);
    return e + dot(wx, p) + dot(wv, v);
  };
  std::vector<double> p = pos, v = vel, gp = wx, gv = wv;
  double geps = 0.0, gsig = 0.0;
  CUAD_GRAD(lj_md_run_grad_0_1_4_5(p.data(), v.data(), n, L, eps, sigma, dt, steps, gp.data(),
                                   gv.data(), &geps, &gsig));
  check.array("pos", gp, fd(pos, loss));
  check.array("vel", gv, fd(vel, loss));
  check.scalar("eps", geps, fd(eps, loss));
  check.scalar("sigma", gsig, fd(sigma, loss));
  return check.finish();
}
