#include CUAD_GENERATED
#include "cuad_test.h"
#include <algorithm>
#include <cmath>
using namespace cuad_test;

int main() {
  Checker check("rw12_sci_lj_cell");
  // 3x3x3 cells of edge 1.5, two or three particles per cell on a jittered lattice.
  const int ncell = 3, per_dim = 4, n = per_dim * per_dim * per_dim;
  const double box = 4.5, cs = box / ncell;
  LJParams p{0.9, 1.0, 1.33, box, cs, ncell};
  Rng rng(1201);
  std::vector<double> pos(3 * n);
  const double a = box / per_dim;
  for (int i = 0; i < n; ++i) {
    int ix = i % per_dim, iy = (i / per_dim) % per_dim, iz = i / (per_dim * per_dim);
    pos[3 * i] = a * (ix + 0.5) + rng.uniform(-0.06, 0.06);
    pos[3 * i + 1] = a * (iy + 0.5) + rng.uniform(-0.06, 0.06);
    pos[3 * i + 2] = a * (iz + 0.5) + rng.uniform(-0.06, 0.06);
  }
  // Build the cell list on the host (counting sort).
  auto cell_of = [&](int i) {
    int c[3];
    for (int d = 0; d < 3; ++d) c[d] = (int)std::floor(pos[3 * i + d] / cs);
    return c[0] + ncell * (c[1] + ncell * c[2]);
  };
  const int nc = ncell * ncell * ncell;
  std::vector<int> start(nc, 0), end(nc, 0), sorted(n);
  std::vector<int> count(nc, 0);
  for (int i = 0; i < n; ++i) count[cell_of(i)]++;
  for (int c = 1; c < nc; ++c) start[c] = start[c - 1] + count[c - 1];
  for (int c = 0; c < nc; ++c) end[c] = start[c];
  for (int i = 0; i < n; ++i) sorted[end[cell_of(i)]++] = i;
  // Keep away from kinks: no pair within 1e-3 of the cutoff, no particle near a cell face.
  for (int i = 0; i < n; ++i) {
    for (int d = 0; d < 3; ++d) {
      double fr = pos[3 * i + d] / cs - std::floor(pos[3 * i + d] / cs);
      if (fr < 1e-3 || fr > 1 - 1e-3) { std::printf("near cell face\n"); return 2; }
    }
    for (int j = 0; j < n; ++j) {
      if (j == i) continue;
      double r2 = 0;
      for (int d = 0; d < 3; ++d) {
        double dd = pos[3 * i + d] - pos[3 * j + d];
        dd -= box * std::rint(dd / box);
        r2 += dd * dd;
      }
      if (std::fabs(std::sqrt(r2) - p.rcut) < 1e-3) { std::printf("pair near cutoff\n"); return 2; }
    }
  }
  std::vector<double> f0 = rng.vec(3 * n), wf = rng.vec(3 * n);
  double e0 = 0.3, we = 0.8;
  DeviceArray<int> dsorted(sorted), dstart(start), dend(end);
  auto loss = [&] {
    DeviceArray<double> df(f0), dp(pos);
    DeviceScalar<double> de(e0);
    CUAD_LAUNCH(lj_cell_forces, 2, 32, df.ptr, de.ptr, dp.ptr, dsorted.ptr, dstart.ptr, dend.ptr,
                p, n);
    return dot(wf, df.get()) + we * de.value();
  };
  DeviceArray<double> df(f0), dp(pos), af(wf), ap(zeros<double>(3 * n));
  DeviceScalar<double> de(e0), ae(we);
  LJParams zero{0, 0, 0, 0, 0, 0};
  DeviceArray<LJParams> aprm(std::vector<LJParams>{zero});
  CUAD_GRAD(CUAD_LAUNCH(lj_cell_forces_grad_0_1_2_6, 2, 32, df.ptr, de.ptr, dp.ptr, dsorted.ptr,
                        dstart.ptr, dend.ptr, p, n, af.ptr, ae.ptr, ap.ptr, aprm.ptr));
  check.array("f", af.get(), fd(f0, loss));
  check.scalar("energy", ae.value(), fd(e0, loss));
  check.array("pos", ap.get(), fd(pos, loss));
  LJParams g = aprm.get()[0];
  check.scalar("p.eps", g.eps, fd(p.eps, loss));
  check.scalar("p.sigma", g.sigma, fd(p.sigma, loss));
  check.scalar("p.rcut", g.rcut, fd(p.rcut, loss));
  // box and cell_size move cell assignments and images only through rint/floor: smooth here
  check.scalar("p.box", g.box, fd(p.box, loss));
  return check.finish();
}
