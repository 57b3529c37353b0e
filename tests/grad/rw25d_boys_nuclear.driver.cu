#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25d_boys_nuclear");
  Rng rng(25401);
#if CUAD_OUTPUT == 1
  const int n_shell = 4, n_nuc = 3;
  const std::vector<int> start = {0, 3, 4, 6, 9};  // 3, 1, 2, 3 primitives
  const int n_prim = start.back();
  std::vector<double> alpha = {3.42, 0.62, 0.17, 0.45, 5.0, 0.9, 2.2, 0.55, 0.13};
  std::vector<double> coef = rng.vec(n_prim, 0.2, 0.8);
  std::vector<double> centers = rng.vec(3 * n_shell, -1.2, 1.2);
  std::vector<double> nuc(4 * n_nuc);
  for (int c = 0; c < n_nuc; ++c) {
    for (int k = 0; k < 3; ++k) nuc[4 * c + k] = rng.uniform(-1.5, 1.5);
    nuc[4 * c + 3] = rng.uniform(1.0, 3.0);
  }
  // T spans both branches of the Boys function (printed for the record)
  int small = 0, large = 0;
  const std::vector<double> w = rng.vec(n_shell * n_shell);
  auto run = [&](const std::vector<double>& al, const std::vector<double>& co, const std::vector<double>& ce,
                 const std::vector<double>& nu) {
    DeviceArray<int> ds(start);
    DeviceArray<double> da(al), dc(co), dce(ce), dn(nu), dv(zeros<double>(n_shell * n_shell));
    CUAD_LAUNCH(nuclear_attraction_ss, 1, 32, n_shell, ds.ptr, da.ptr, dc.ptr, dce.ptr, n_nuc,
                reinterpret_cast<double4*>(dn.ptr), dv.ptr);
    return dv.get();
  };
  for (int a = 0; a < n_shell; ++a)
    for (int b = 0; b < n_shell; ++b)
      for (int p = start[a]; p < start[a + 1]; ++p)
        for (int q = start[b]; q < start[b + 1]; ++q)
          for (int c = 0; c < n_nuc; ++c) {
            const double g = alpha[p] + alpha[q];
            double pc2 = 0;
            for (int k = 0; k < 3; ++k) {
              const double P = (alpha[p] * centers[3 * a + k] + alpha[q] * centers[3 * b + k]) / g;
              pc2 += (P - nuc[4 * c + k]) * (P - nuc[4 * c + k]);
            }
            (g * pc2 < BOYS_SWITCH ? small : large)++;
          }
  std::printf("Boys arguments: %d series, %d erf form\n", small, large);
  check.expect(small > 10 && large > 10, "both Boys branches used");
  auto loss = [&] { return dot(w, run(alpha, coef, centers, nuc)); };
  DeviceArray<int> ds(start);
  DeviceArray<double> da(alpha), dc(coef), dce(centers), dn(nuc), dv(zeros<double>(n_shell * n_shell)),
      ga(zeros<double>(n_prim)), gc(zeros<double>(n_prim)), gce(zeros<double>(3 * n_shell)),
      gn(zeros<double>(4 * n_nuc)), gv(w);
  CUAD_GRAD(CUAD_LAUNCH(nuclear_attraction_ss_grad_2_3_4_6_7, 1, 32, n_shell, ds.ptr, da.ptr, dc.ptr, dce.ptr,
                        n_nuc, reinterpret_cast<double4*>(dn.ptr), dv.ptr, ga.ptr, gc.ptr, gce.ptr,
                        reinterpret_cast<double4*>(gn.ptr), gv.ptr));
  check.array("alpha", ga.get(), fd(alpha, loss));
  check.array("coef", gc.get(), fd(coef, loss));
  check.array("centers", gce.get(), fd(centers, loss));
  check.array("nuclei", gn.get(), fd(nuc, loss));
  check.array("V", gv.get(), zeros<double>(n_shell * n_shell));
#else
  for (double T : {1e-3, 0.37, 1.9, 3.7, 4.3, 9.5, 30.0}) {
    auto loss = [&] {
      double F;
      boys_f0_ref(T, F);
      return F;
    };
    double dT = 0.0, F = 0.0, dF = 1.0;
    CUAD_GRAD(boys_f0_ref_grad(T, F, &dT, &dF));
    check.scalar("T", dT, fd(T, loss));
  }
#endif
  return check.finish();
}
