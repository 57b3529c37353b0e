#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw20a_lj_particles");
  Rng rng(200103);
  const int side = 6, n = side * side, steps = 4;
  // A jittered square lattice with spacing 1.15 sigma: every pair stays well inside the
  // repulsive wall, and the cutoff 2.3 is not within the step of any pair distance.
  std::vector<double> x(n), y(n), vx = rng.vec(n, -0.3, 0.3), vy = rng.vec(n, -0.3, 0.3);
  for (int i = 0; i < n; ++i) {
    x[i] = 1.15 * (i % side) + rng.uniform(-0.08, 0.08);
    y[i] = 1.15 * (i / side) + rng.uniform(-0.08, 0.08);
  }
  double eps = 0.9, sigma = 1.0, rc = 2.3, dt = 0.004;
  const std::vector<double> wx = rng.vec(n), wy = rng.vec(n), wvx = rng.vec(n), wvy = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> dx(x), dy(y), dvx(vx), dvy(vy), dfx(n, 0.0), dfy(n, 0.0);
    Particles p{dx.ptr, dy.ptr, dvx.ptr, dvy.ptr, dfx.ptr, dfy.ptr, eps, sigma, rc, dt, n};
    md_run(&p, steps);
    return dot(wx, dx.get()) + dot(wy, dy.get()) + dot(wvx, dvx.get()) + dot(wvy, dvy.get());
  };
  DeviceArray<double> dx(x), dy(y), dvx(vx), dvy(vy), dfx(n, 0.0), dfy(n, 0.0);
  DeviceArray<double> ax(wx), ay(wy), avx(wvx), avy(wvy), afx(zeros<double>(n)),
      afy(zeros<double>(n));
  Particles p{dx.ptr, dy.ptr, dvx.ptr, dvy.ptr, dfx.ptr, dfy.ptr, eps, sigma, rc, dt, n};
  Particles ap{ax.ptr, ay.ptr, avx.ptr, avy.ptr, afx.ptr, afy.ptr, 0.0, 0.0, 0.0, 0.0, 0};
  CUAD_GRAD(md_run_grad_0(&p, steps, &ap));
  check.array("x", ax.get(), fd(x, loss));
  check.array("y", ay.get(), fd(y, loss));
  check.array("vx", avx.get(), fd(vx, loss));
  check.array("vy", avy.get(), fd(vy, loss));
  check.array("fx", afx.get(), std::vector<double>(n, 0.0));
  check.array("fy", afy.get(), std::vector<double>(n, 0.0));
  check.scalar("eps", ap.eps, fd(eps, loss));
  check.scalar("sigma", ap.sigma, fd(sigma, loss));
  check.scalar("rc", ap.rc, fd(rc, loss));
  check.scalar("dt", ap.dt, fd(dt, loss));
  return check.finish();
}
