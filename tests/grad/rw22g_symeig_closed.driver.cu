#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw22g_symeig_closed");
  const int n = 24;
  Rng rng(22705);
  std::vector<double> T = rng.vec(6 * n, -1.0, 1.0);
  for (int t = 0; t < n; ++t) {  // spread the diagonal so eigenvalues are distinct
    T[6 * t + 0] += 1.5;
    T[6 * t + 2] -= 1.2;
  }
  // two diagonal tensors: the p1 < 1e-30 branch (distinct entries: no fmax/fmin ties)
  for (int t : {5, 17})
    for (int k = 3; k < 6; ++k) T[6 * t + k] = 0.0;
  std::vector<double> e30(3 * n, 0.0), e20(2 * n, 0.0), an0(n, 0.0);
  auto run = [&](const std::vector<double>& tt) {
    DeviceArray<double> dT(tt), d3(e30), d2(e20), da(an0);
    CUAD_LAUNCH(sym_eig_closed, 1, 32, n, dT.ptr, d3.ptr, d2.ptr, da.ptr);
    std::vector<double> out = d3.get(), o2 = d2.get(), oa = da.get();
    out.insert(out.end(), o2.begin(), o2.end());
    out.insert(out.end(), oa.begin(), oa.end());
    return out;
  };
  {  // the eigenvalues are distinct, with sum = trace and no |e| near zero
    const std::vector<double> o = run(T);
    double gap = 1e30, small = 1e30, tr = 0.0;
    for (int t = 0; t < n; ++t) {
      gap = std::fmin(gap, std::fmin(o[3 * t] - o[3 * t + 1], o[3 * t + 1] - o[3 * t + 2]));
      for (int k = 0; k < 3; ++k) small = std::fmin(small, std::fabs(o[3 * t + k]));
      tr = std::fmax(tr, std::fabs(o[3 * t] + o[3 * t + 1] + o[3 * t + 2] - T[6 * t] -
                                   T[6 * t + 1] - T[6 * t + 2]));
    }
    check.expect(gap > 0.05 && small > 1e-3 && tr < 1e-12, "distinct eigenvalues, away from 0");
  }
#if CUAD_OUTPUT == 1
  const std::vector<double> w3 = rng.vec(3 * n), w2 = rng.vec(2 * n), wa = rng.vec(n);
  auto loss = [&] {
    const std::vector<double> o = run(T);
    double s = 0.0;
    for (int i = 0; i < 3 * n; ++i) s += w3[i] * o[i];
    for (int i = 0; i < 2 * n; ++i) s += w2[i] * o[3 * n + i];
    for (int i = 0; i < n; ++i) s += wa[i] * o[5 * n + i];
    return s;
  };
  DeviceArray<double> dT(T), d3(e30), d2(e20), da(an0), gT(zeros<double>(T.size())), g3(w3), g2(w2),
      ga(wa);
  CUAD_GRAD(CUAD_LAUNCH(sym_eig_closed_grad_1_2_3_4, 1, 32, n, dT.ptr, d3.ptr, d2.ptr, da.ptr,
                        gT.ptr, g3.ptr, g2.ptr, ga.ptr));
  check.array("T", gT.get(), fd(T, loss));
  check.array("eig3", g3.get(), zeros<double>(3 * n));
#else
  std::vector<double> vT = rng.vec(T.size());
  for (int t : {5, 17})  // stay on the diagonal branch
    for (int k = 3; k < 6; ++k) vT[6 * t + k] = 0.0;
  auto outputs_at = [&](double s) { return run(along(T, s, vT)); };
  DeviceArray<double> dT(T), d3(e30), d2(e20), da(an0), tT(vT), t3(zeros<double>(3 * n)),
      t2(zeros<double>(2 * n)), ta(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(sym_eig_closed_pushforward, 1, 32, n, dT.ptr, d3.ptr, d2.ptr, da.ptr, tT.ptr,
                        t3.ptr, t2.ptr, ta.ptr));
  std::vector<double> got = t3.get(), o2 = t2.get(), oa = ta.get();
  got.insert(got.end(), o2.begin(), o2.end());
  got.insert(got.end(), oa.begin(), oa.end());
  check.array("eig3, eig2, aniso tangent", got, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
