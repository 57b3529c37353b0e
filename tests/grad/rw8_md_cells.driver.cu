#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw8_md_cells");
  const int n = 60, ncell = 3;
  const double box = 3.6, rc = 1.2;
  Rng rng(6502);
  std::vector<double> pos = rng.vec(3 * n, 0.0, box), params = {0.7, 1.6, 0.9},
                      energy0 = zeros<double>(n);
  // Cell lists of the unperturbed positions (the finite-difference steps move no particle
  // across a cell boundary).
  std::vector<int> head(ncell * ncell * ncell, -1), next(n, -1);
  for (int i = 0; i < n; ++i) {
    int c[3];
    for (int k = 0; k < 3; ++k) c[k] = (int)std::floor(pos[3 * i + k] / (box / ncell));
    const int cell = (c[2] * ncell + c[1]) * ncell + c[0];
    next[i] = head[cell];
    head[cell] = i;
  }
  const std::vector<double> we = rng.vec(n);
  DeviceArray<int> dh(head), dn(next);
  auto loss = [&] {
    DeviceArray<double> dp(pos), dprm(params), de(energy0);
    CUAD_LAUNCH(morse_energy, 1, 64, dp.ptr, dh.ptr, dn.ptr, dprm.ptr, box, ncell, rc, n, de.ptr);
    return dot(we, de.get());
  };
  DeviceArray<double> dp(pos), dprm(params), de(energy0), ap(zeros<double>(3 * n)),
      aprm(zeros<double>(3)), ae(we);
  CUAD_GRAD(CUAD_LAUNCH(morse_energy_grad_0_3_8, 1, 64, dp.ptr, dh.ptr, dn.ptr, dprm.ptr, box,
                        ncell, rc, n, de.ptr, ap.ptr, aprm.ptr, ae.ptr));
  check.array("pos", ap.get(), fd(pos, loss));
  check.array("params", aprm.get(), fd(params, loss));
  check.array("energy", ae.get(), fd(energy0, loss));
  return check.finish();
}
