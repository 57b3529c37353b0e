#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25c_stvk_voigt");
  Rng rng(25315);
  const int n = 24;
  std::vector<double> F(9 * n), v = rng.vec(3 * n), vol = rng.vec(n, 0.5, 1.5), prm = {1.3, 2.1, 0.9};
  for (int p = 0; p < n; ++p)
    for (int k = 0; k < 9; ++k) F[9 * p + k] = (k % 4 == 0 ? 1.0 : 0.0) + rng.uniform(-0.3, 0.3);
  const std::vector<double> e0 = rng.vec(n);
  auto mat_of = [](const std::vector<double>& q) { return Material{q[0], q[1], q[2]}; };
  auto run = [&](const std::vector<double>& F_, const std::vector<double>& v_, const std::vector<double>& q_) {
    DeviceArray<double> dF(F_), dv(v_), dvol(vol), de(e0);
    CUAD_LAUNCH(stvk_particle_energy, 1, 32, n, dF.ptr, dv.ptr, dvol.ptr, mat_of(q_), de.ptr);
    return de.get();
  };
  // the primal against the energy written out in double on the host (the SymMat overload counts
  // off-diagonal strains twice)
  {
    const std::vector<double> e = run(F, v, prm);
    double worst = 0.0;
    for (int p = 0; p < n; ++p) {
      double C[3][3], E[3][3], EE = 0.0, tr = 0.0, vv = 0.0;
      for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) {
          C[i][j] = 0.0;
          for (int k = 0; k < 3; ++k) C[i][j] += F[9 * p + 3 * k + i] * F[9 * p + 3 * k + j];
        }
      for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) E[i][j] = 0.5 * (C[i][j] - (i == j)), EE += E[i][j] * E[i][j];
      for (int i = 0; i < 3; ++i) tr += E[i][i], vv += v[3 * p + i] * v[3 * p + i];
      const double ref = vol[p] * (prm[0] * EE + 0.5 * prm[1] * tr * tr + 0.5 * prm[2] * vv);
      worst = std::fmax(worst, std::fabs(ref - e[p]));
    }
    check.expect(worst < 1e-12, "the primal is St. Venant-Kirchhoff with |E|^2 over all 9 entries");
  }
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] { return dot(w, run(F, v, prm)); };
  DeviceArray<double> dF(F), dv(v), dvol(vol), de(e0), gF(zeros<double>(9 * n)), gv(zeros<double>(3 * n)), ge(w);
  DeviceArray<Material> gm(std::vector<Material>{Material{0.0, 0.0, 0.0}});
  CUAD_GRAD(CUAD_LAUNCH(stvk_particle_energy_grad_1_2_4_5, 1, 32, n, dF.ptr, dv.ptr, dvol.ptr, mat_of(prm), de.ptr,
                        gF.ptr, gv.ptr, gm.ptr, ge.ptr));
  check.array("F", gF.get(), fd(F, loss));
  check.array("v", gv.get(), fd(v, loss));
  const Material g = gm.get()[0];
  check.array("mat", std::vector<double>{g.mu, g.lam, g.density}, fd(prm, loss));
  check.array("energy", ge.get(), zeros<double>(n));
#else
  const std::vector<double> vF = rng.vec(9 * n), vv = rng.vec(3 * n), vq = {0.2, -0.3, 0.4};
  auto outputs_at = [&](double t) { return run(along(F, t, vF), along(v, t, vv), along(prm, t, vq)); };
  DeviceArray<double> dF(F), dv(v), dvol(vol), de(e0), tF(vF), tv(vv), te(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(stvk_particle_energy_pushforward_1_2_4_5, 1, 32, n, dF.ptr, dv.ptr, dvol.ptr, mat_of(prm),
                        de.ptr, tF.ptr, tv.ptr, mat_of(vq), te.ptr));
  check.array("energy tangent", te.get(), directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  check.array("energy value", de.get(), run(F, v, prm));
#endif
#endif
  return check.finish();
}
