#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("hpc_sph_density");
  const int n = 48;
  Rng rng(502);
  std::vector<double> x = rng.vec(n, 0.0, 2.0), y = rng.vec(n, 0.0, 2.0), m = rng.vec(n, 0.5, 1.5),
                      rho = rng.vec(n), w = rng.vec(n);
  double h = 0.45;
  // Keep pairs away from the cutoff |r - h| by more than the FD step.
  for (int it = 0; it < 200; ++it) {
    bool ok = true;
    for (int i = 0; i < n && ok; ++i)
      for (int j = 0; j < n; ++j) {
        double r = std::sqrt((x[i] - x[j]) * (x[i] - x[j]) + (y[i] - y[j]) * (y[i] - y[j]));
        if (i != j && std::fabs(r - h) < 1e-3) { x[i] += 0.01; ok = false; break; }
      }
    if (ok) break;
  }
  auto loss = [&] {
    DeviceArray<double> d_rho(rho), d_x(x), d_y(y), d_m(m);
    CUAD_LAUNCH(sph_density, 2, 32, d_rho.ptr, d_x.ptr, d_y.ptr, d_m.ptr, h, n);
    return dot(w, d_rho.get());
  };
  DeviceArray<double> d_rho(rho), d_x(x), d_y(y), d_m(m), a_rho(w), a_x(zeros<double>(n)),
      a_y(zeros<double>(n)), a_m(zeros<double>(n));
  DeviceScalar<double> a_h;
  CUAD_GRAD(CUAD_LAUNCH(sph_density_grad_0_1_2_3_4, 2, 32, d_rho.ptr, d_x.ptr, d_y.ptr, d_m.ptr, h, n,
                        a_rho.ptr, a_x.ptr, a_y.ptr, a_m.ptr, a_h.ptr));
  check.array("rho", a_rho.get(), fd(rho, loss));
  check.array("x", a_x.get(), fd(x, loss));
  check.array("y", a_y.get(), fd(y, loss));
  check.array("m", a_m.get(), fd(m, loss));
  check.scalar("h", a_h.value(), fd(h, loss));
  return check.finish();
}
