#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25a_slab_mode_newton");
  Rng rng(26414);
  const int nw = 40;
  std::vector<double> lam(nw);
  for (int k = 0; k < nw; ++k) lam[k] = 1.2 + 0.5 * k / (nw - 1) + rng.uniform(-0.003, 0.003);
  double n_core = 1.5, n_clad = 1.44, width = 2.0;
  auto run = [&](double a, double b, double w, const std::vector<double>& ne0, const std::vector<double>& cf0) {
    DeviceArray<double> dl(lam), dn(ne0), dc(cf0);
    CUAD_LAUNCH(slab_te0_modes, 2, 32, dl.ptr, nw, a, b, w, dn.ptr, dc.ptr);
    std::vector<double> out = dn.get(), c = dc.get();
    out.insert(out.end(), c.begin(), c.end());
    return out;
  };
  std::vector<double> ne0 = rng.vec(nw), cf0 = rng.vec(nw);
  {
    const std::vector<double> v = run(n_core, n_clad, width, ne0, cf0);
    bool ok = true;
    for (int k = 0; k < nw; ++k) ok = ok && v[k] > n_clad + 1e-3 && v[k] < n_core - 1e-3 && v[nw + k] > 0.3;
    check.expect(ok, "every wavelength finds a guided mode");
  }
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(2 * nw);
  auto loss = [&] { return dot(w, run(n_core, n_clad, width, ne0, cf0)); };
  DeviceArray<double> dl(lam), dn(ne0), dc(cf0), gn(std::vector<double>(w.begin(), w.begin() + nw)),
      gc(std::vector<double>(w.begin() + nw, w.end()));
  DeviceScalar<double> ga, gb, gw;
  CUAD_GRAD(CUAD_LAUNCH(slab_te0_modes_grad_2_3_4_5_6, 2, 32, dl.ptr, nw, n_core, n_clad, width, dn.ptr, dc.ptr,
                        ga.ptr, gb.ptr, gw.ptr, gn.ptr, gc.ptr));
  check.scalar("n_core", ga.value(), fd(n_core, loss));
  check.scalar("n_clad", gb.value(), fd(n_clad, loss));
  check.scalar("width", gw.value(), fd(width, loss));
  check.array("neff", gn.get(), fd(ne0, loss));
  check.array("conf", gc.get(), fd(cf0, loss));
#else
  const double va = 0.02, vb = -0.01, vw = 0.3;
  auto outputs_at = [&](double t) {
    return run(along(n_core, t, va), along(n_clad, t, vb), along(width, t, vw), ne0, cf0);
  };
  DeviceArray<double> dl(lam), dn(ne0), dc(cf0), tn(zeros<double>(nw)), tc(zeros<double>(nw));
  CUAD_GRAD(CUAD_LAUNCH(slab_te0_modes_pushforward_2_3_4_5_6, 2, 32, dl.ptr, nw, n_core, n_clad, width, dn.ptr,
                        dc.ptr, va, vb, vw, tn.ptr, tc.ptr));
  std::vector<double> got = tn.get(), c = tc.get();
  got.insert(got.end(), c.begin(), c.end());
  check.array("tangents", got, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
