#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25c_stvk_upper");
  Rng rng(25316);
  const int n = 24;
  std::vector<double> F(9 * n), L = rng.vec(9 * n, -1.0, 1.0), prm = {1.3, 2.1, 0.4};
  for (int p = 0; p < n; ++p)
    for (int k = 0; k < 9; ++k) F[9 * p + k] = (k % 4 == 0 ? 1.0 : 0.0) + rng.uniform(-0.3, 0.3);
  const std::vector<double> e0 = rng.vec(n);
  auto mat_of = [](const std::vector<double>& q) { return ViscoMaterial{q[0], q[1], q[2]}; };
  auto run = [&](const std::vector<double>& F_, const std::vector<double>& L_, const std::vector<double>& q_) {
    DeviceArray<double> dF(F_), dL(L_), de(e0);
    CUAD_LAUNCH(visco_stvk_energy, 1, 32, n, dF.ptr, dL.ptr, mat_of(q_), de.ptr);
    return de.get();
  };
  {  // the primal against the formula in full 3x3 storage on the host
    const std::vector<double> e = run(F, L, prm);
    double worst = 0.0;
    for (int p = 0; p < n; ++p) {
      double EE = 0.0, tr = 0.0, SS = 0.0, LL = 0.0;
      for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) {
          double c = 0.0;
          for (int k = 0; k < 3; ++k) c += F[9 * p + 3 * k + i] * F[9 * p + 3 * k + j];
          const double Eij = 0.5 * (c - (i == j));
          EE += Eij * Eij;
          if (i == j) tr += Eij;
          const double s = 0.5 * (L[9 * p + 3 * i + j] + L[9 * p + 3 * j + i]);
          SS += s * s;
          LL += L[9 * p + 3 * i + j] * L[9 * p + 3 * i + j];
        }
      const double ref = prm[0] * EE + 0.5 * prm[1] * tr * tr + prm[2] * SS + 0.01 * LL;
      worst = std::fmax(worst, std::fabs(ref - e[p]));
    }
    check.expect(worst < 1e-12, "the primal uses the SymMat overload (full |E|^2)");
  }
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] { return dot(w, run(F, L, prm)); };
  DeviceArray<double> dF(F), dL(L), de(e0), gF(zeros<double>(9 * n)), gL(zeros<double>(9 * n)), ge(w);
  DeviceArray<ViscoMaterial> gm(std::vector<ViscoMaterial>{ViscoMaterial{0.0, 0.0, 0.0}});
  CUAD_GRAD(CUAD_LAUNCH(visco_stvk_energy_grad_1_2_3_4, 1, 32, n, dF.ptr, dL.ptr, mat_of(prm), de.ptr, gF.ptr, gL.ptr,
                        gm.ptr, ge.ptr));
  check.array("F", gF.get(), fd(F, loss));
  check.array("L", gL.get(), fd(L, loss));
  const ViscoMaterial g = gm.get()[0];
  check.array("mat", std::vector<double>{g.mu, g.lam, g.eta}, fd(prm, loss));
  check.array("energy", ge.get(), zeros<double>(n));
#else
  const std::vector<double> vF = rng.vec(9 * n), vL = rng.vec(9 * n), vq = {0.2, -0.3, 0.4};
  auto outputs_at = [&](double t) { return run(along(F, t, vF), along(L, t, vL), along(prm, t, vq)); };
  DeviceArray<double> dF(F), dL(L), de(e0), tF(vF), tL(vL), te(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(visco_stvk_energy_pushforward, 1, 32, n, dF.ptr, dL.ptr, mat_of(prm), de.ptr, tF.ptr,
                        tL.ptr, mat_of(vq), te.ptr));
  check.array("energy tangent", te.get(), directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  check.array("energy value", de.get(), run(F, L, prm));
#endif
#endif
  return check.finish();
}
