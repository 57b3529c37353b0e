#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw17m_pcr_tridiag");
  const int N = 16, ncol = 3, m = N * ncol;
  Rng rng(1710);
  std::vector<double> lo = rng.vec(m, -0.6, -0.1), up = rng.vec(m, -0.6, -0.1), dg(m), rhs = rng.vec(m);
  for (int k = 0; k < m; ++k) dg[k] = 1.5 + rng.uniform(0.0, 0.5);  // diagonally dominant
  std::vector<double> w = rng.vec(m), x0(m, 0.0);
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    DeviceArray<double> a(lo), b(dg), c(up), d(rhs), x(x0);
    CUAD_LAUNCH(pcr_batched<16>, ncol, N, a.ptr, b.ptr, c.ptr, d.ptr, x.ptr);
    return dot(w, x.get());
  };
  DeviceArray<double> a(lo), b(dg), c(up), d(rhs), x(x0);
  DeviceArray<double> aa(zeros<double>(m)), ab(zeros<double>(m)), ac(zeros<double>(m)), ad(zeros<double>(m)), ax(w);
  CUAD_GRAD(CUAD_LAUNCH(pcr_batched_grad<16>, ncol, N, a.ptr, b.ptr, c.ptr, d.ptr, x.ptr, aa.ptr, ab.ptr, ac.ptr, ad.ptr, ax.ptr));
  check.array("lower", aa.get(), fd(lo, loss));
  check.array("diag", ab.get(), fd(dg, loss));
  check.array("upper", ac.get(), fd(up, loss));
  check.array("rhs", ad.get(), fd(rhs, loss));
#else
  std::vector<double> va = rng.vec(m, -0.1, 0.1), vb = rng.vec(m, -0.1, 0.1), vc = rng.vec(m, -0.1, 0.1), vd = rng.vec(m);
  auto outputs_at = [&](double t) {
    DeviceArray<double> a(along(lo, t, va)), b(along(dg, t, vb)), c(along(up, t, vc)), d(along(rhs, t, vd)), x(x0);
    CUAD_LAUNCH(pcr_batched<16>, ncol, N, a.ptr, b.ptr, c.ptr, d.ptr, x.ptr);
    return x.get();
  };
  DeviceArray<double> a(lo), b(dg), c(up), d(rhs), x(x0), ta(va), tb(vb), tc(vc), td(vd), tx(x0);
  CUAD_GRAD(CUAD_LAUNCH(pcr_batched_pushforward<16>, ncol, N, a.ptr, b.ptr, c.ptr, d.ptr, x.ptr, ta.ptr, tb.ptr, tc.ptr, td.ptr, tx.ptr));
  check.array("x", tx.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
