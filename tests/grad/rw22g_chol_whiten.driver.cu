#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw22g_chol_whiten");
  const int m = 12, nc = 4;
  Rng rng(22702);
  // SPD covariances G G^T + 0.5 I; only the lower triangle is read, the upper one is noise
  std::vector<double> S(m * nc * nc);
  for (int t = 0; t < m; ++t) {
    const std::vector<double> G = rng.vec(nc * nc);
    for (int i = 0; i < nc; ++i)
      for (int j = 0; j < nc; ++j) {
        double s = i == j ? 0.5 : 0.0;
        for (int k = 0; k < nc; ++k) s += G[i * nc + k] * G[j * nc + k];
        S[t * nc * nc + i * nc + j] = j <= i ? s : rng.uniform(-9.0, 9.0);
      }
  }
  std::vector<double> r = rng.vec(m * nc), L0 = rng.vec(m * nc * nc), nll0(m, 0.0);
#if CUAD_OUTPUT == 1
  const std::vector<double> wr = rng.vec(m * nc), wL = rng.vec(m * nc * nc), wn = rng.vec(m);
  auto loss = [&] {
    DeviceArray<double> dS(S), dr(r), dL(L0), dn(nll0);
    CUAD_LAUNCH(chol_gauss_nll, 1, 32, m, dS.ptr, dr.ptr, dL.ptr, dn.ptr);
    return dot(wr, dr.get()) + dot(wL, dL.get()) + dot(wn, dn.get());
  };
  DeviceArray<double> dS(S), dr(r), dL(L0), dn(nll0), gS(zeros<double>(S.size())), gr(wr), gL(wL),
      gn(wn);
  CUAD_GRAD(CUAD_LAUNCH(chol_gauss_nll_grad_1_2_3_4, 1, 32, m, dS.ptr, dr.ptr, dL.ptr, dn.ptr,
                        gS.ptr, gr.ptr, gL.ptr, gn.ptr));
  check.array("S", gS.get(), fd(S, loss));
  check.array("r", gr.get(), fd(r, loss));
  check.array("L", gL.get(), fd(L0, loss));
  check.array("nll", gn.get(), zeros<double>(m));
#else
  const std::vector<double> vS = rng.vec(S.size()), vr = rng.vec(r.size());
  auto outputs_at = [&](double t) {
    DeviceArray<double> dS(along(S, t, vS)), dr(along(r, t, vr)), dL(L0), dn(nll0);
    CUAD_LAUNCH(chol_gauss_nll, 1, 32, m, dS.ptr, dr.ptr, dL.ptr, dn.ptr);
    std::vector<double> out = dr.get(), l = dL.get(), q = dn.get();
    out.insert(out.end(), l.begin(), l.end());
    out.insert(out.end(), q.begin(), q.end());
    return out;
  };
  DeviceArray<double> dS(S), dr(r), dL(L0), dn(nll0), tS(vS), tr(vr), tL(zeros<double>(L0.size())),
      tn(zeros<double>(m));
  CUAD_GRAD(CUAD_LAUNCH(chol_gauss_nll_pushforward, 1, 32, m, dS.ptr, dr.ptr, dL.ptr, dn.ptr, tS.ptr,
                        tr.ptr, tL.ptr, tn.ptr));
  std::vector<double> got = tr.get(), l = tL.get(), q = tn.get();
  got.insert(got.end(), l.begin(), l.end());
  got.insert(got.end(), q.begin(), q.end());
  check.array("r, L, nll tangent", got, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
