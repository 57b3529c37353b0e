#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw20a_sph_pressure");
  Rng rng(200110);
  const int side = 7, n = side * side;
  // A jittered lattice of spacing 0.5 with support radius 1.2: each particle sees its
  // neighbours up to distance ~1.1; the jitter keeps every pair distance away from h.
  std::vector<double> x(n), y(n), mass = rng.vec(n, 0.8, 1.2);
  for (int i = 0; i < n; ++i) {
    x[i] = 0.5 * (i % side) + rng.uniform(-0.06, 0.06);
    y[i] = 0.5 * (i / side) + rng.uniform(-0.06, 0.06);
  }
  double h = 1.2, stiff = 0.8, rho0 = 1.5;
  const std::vector<double> wx = rng.vec(n), wy = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> dx(x), dy(y), dm(mass);
    SphSystem s{dx.ptr, dy.ptr, dm.ptr, h, stiff, rho0, n};
    std::vector<double> fx(n, 0.0), fy(n, 0.0);
    sph_pressure_forces(&s, fx.data(), fy.data());
    return dot(wx, fx) + dot(wy, fy);
  };
  DeviceArray<double> dx(x), dy(y), dm(mass);
  DeviceArray<double> ax(zeros<double>(n)), ay(zeros<double>(n)), am(zeros<double>(n));
  SphSystem s{dx.ptr, dy.ptr, dm.ptr, h, stiff, rho0, n};
  SphSystem as{ax.ptr, ay.ptr, am.ptr, 0.0, 0.0, 0.0, 0};
  std::vector<double> fx(n, 0.0), fy(n, 0.0), gfx = wx, gfy = wy;
  CUAD_GRAD(sph_pressure_forces_grad(&s, fx.data(), fy.data(), &as, gfx.data(), gfy.data()));
  check.array("x", ax.get(), fd(x, loss));
  check.array("y", ay.get(), fd(y, loss));
  check.array("mass", am.get(), fd(mass, loss));
  check.scalar("h", as.h, fd(h, loss));
  check.scalar("stiff", as.stiff, fd(stiff, loss));
  check.scalar("rho0", as.rho0, fd(rho0, loss));
  check.array("fx", gfx, std::vector<double>(n, 0.0));
  check.array("fy", gfy, std::vector<double>(n, 0.0));
  return check.finish();
}
