#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw21c_lj_cells");
  const int side = 6, n = side * side, ncell = 3;
  LJParams prm{0.8, 1.0, 2.3, 7.2, ncell};
  Rng rng(21035);
  std::vector<double> pos(2 * n);
  const double a = prm.box / side;
  for (int k = 0; k < n; ++k) {
    pos[2 * k] = (k % side + 0.5) * a + rng.uniform(-0.15, 0.15);
    pos[2 * k + 1] = (k / side + 0.5) * a + rng.uniform(-0.15, 0.15);
  }
  // cell list from the unperturbed positions (no particle within 0.05 of a cell edge here)
  const double csz = prm.box / ncell;
  std::vector<int> cell_of(n), cell_start(ncell * ncell, 0), cell_count(ncell * ncell, 0), sorted;
  for (int k = 0; k < n; ++k) {
    cell_of[k] = (int)(pos[2 * k + 1] / csz) * ncell + (int)(pos[2 * k] / csz);
    cell_count[cell_of[k]]++;
  }
  for (int c = 1; c < ncell * ncell; ++c) cell_start[c] = cell_start[c - 1] + cell_count[c - 1];
  for (int c = 0; c < ncell * ncell; ++c)
    for (int k = 0; k < n; ++k)
      if (cell_of[k] == c) sorted.push_back(k);
  DeviceArray<int> dco(cell_of), dcs(cell_start), dcc(cell_count), dso(sorted);
  const std::vector<double> wf = rng.vec(2 * n), we = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> dp(pos), df(zeros<double>(2 * n)), de(zeros<double>(n));
    CUAD_LAUNCH(lj_cell_forces, 2, 32, dp.ptr, dco.ptr, dcs.ptr, dcc.ptr, dso.ptr, prm, df.ptr,
                de.ptr, n);
    return dot(wf, df.get()) + dot(we, de.get());
  };
  DeviceArray<double> dp(pos), df(zeros<double>(2 * n)), de(zeros<double>(n));
  DeviceArray<double> ap(zeros<double>(2 * n)), af(wf), ae(we);
  DeviceArray<LJParams> aprm(std::vector<LJParams>{LJParams{0.0, 0.0, 0.0, 0.0, 0}});
  CUAD_GRAD(CUAD_LAUNCH(lj_cell_forces_grad_0_5_6_7, 2, 32, dp.ptr, dco.ptr, dcs.ptr, dcc.ptr,
                        dso.ptr, prm, df.ptr, de.ptr, n, ap.ptr, aprm.ptr, af.ptr, ae.ptr));
  check.array("pos", ap.get(), fd(pos, loss));
  const LJParams gp = aprm.get()[0];
  check.scalar("eps", gp.eps, fd(prm.eps, loss));
  check.scalar("sigma", gp.sigma, fd(prm.sigma, loss));
  check.scalar("rc", gp.rc, fd(prm.rc, loss));
  check.array("force", af.get(), zeros<double>(2 * n));
  check.array("epot", ae.get(), zeros<double>(n));
  return check.finish();
}
