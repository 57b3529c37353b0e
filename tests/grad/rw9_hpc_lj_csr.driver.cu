#include CUAD_GENERATED
#include "cuad_test.h"
#include <cmath>
using namespace cuad_test;

int main() {
  Checker check("rw9_hpc_lj_csr");
  const int side = 4, n = side * side * side;  // perturbed cubic lattice
  const double a = 1.2, sigma = 1.0, rc = 2.0, rlist = 2.3;
  double eps = 0.8;
  Rng rng(9102);
  std::vector<double> x(3 * n);
  for (int i = 0; i < n; ++i) {
    int ix = i % side, iy = (i / side) % side, iz = i / (side * side);
    x[3 * i] = a * ix + rng.uniform(-0.15, 0.15);
    x[3 * i + 1] = a * iy + rng.uniform(-0.15, 0.15);
    x[3 * i + 2] = a * iz + rng.uniform(-0.15, 0.15);
  }
  // Half list (j > i) within the list radius; no pair near the cutoff.
  std::vector<int> row_ptr(n + 1, 0), col;
  for (int i = 0; i < n; ++i) {
    for (int j = i + 1; j < n; ++j) {
      double d2 = 0.0;
      for (int c = 0; c < 3; ++c) d2 += (x[3 * i + c] - x[3 * j + c]) * (x[3 * i + c] - x[3 * j + c]);
      if (std::fabs(std::sqrt(d2) - rc) < 1e-3) { std::printf("pair near cutoff\n"); return 2; }
      if (d2 < rlist * rlist) col.push_back(j);
    }
    row_ptr[i + 1] = (int)col.size();
  }
  std::vector<double> f0 = rng.vec(3 * n), w = rng.vec(3 * n);
  double e0 = 0.25, we = 0.7;
  DeviceArray<int> drp(row_ptr), dcol(col);
  auto loss = [&] {
    DeviceArray<double> df(f0), dx(x);
    DeviceScalar<double> de(e0);
    CUAD_LAUNCH(lj_half_csr, 2, 32, df.ptr, de.ptr, dx.ptr, drp.ptr, dcol.ptr, eps, sigma, rc, n);
    return dot(w, df.get()) + we * de.value();
  };
  DeviceArray<double> df(f0), dx(x), af(w), ax(zeros<double>(3 * n));
  DeviceScalar<double> de(e0), ae(we), aeps(0.0);
  CUAD_GRAD(CUAD_LAUNCH(lj_half_csr_grad_0_1_2_5, 2, 32, df.ptr, de.ptr, dx.ptr, drp.ptr, dcol.ptr,
                        eps, sigma, rc, n, af.ptr, ae.ptr, ax.ptr, aeps.ptr));
  check.array("f", af.get(), fd(f0, loss));
  check.scalar("energy", ae.value(), fd(e0, loss));
  check.array("x", ax.get(), fd(x, loss));
  check.scalar("eps", aeps.value(), fd(eps, loss));
  return check.finish();
}
