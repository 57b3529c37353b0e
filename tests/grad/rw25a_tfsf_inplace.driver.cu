#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25a_tfsf_inplace");
  Rng rng(26212);
  const int n = 45, nt = 24, i0 = 9;
  std::vector<double> ez = rng.vec(n, -0.2, 0.2), hy = rng.vec(n, -0.2, 0.2), ceze = rng.vec(n, 0.85, 1.0),
                      cezh = rng.vec(n, 0.2, 0.5), inc_e(nt), inc_h(nt);
  for (int t = 0; t < nt; ++t) {
    const double a = (t - 8.0) / 3.0;
    inc_e[t] = std::exp(-a * a) + rng.uniform(-0.02, 0.02);
    inc_h[t] = std::exp(-(a + 0.2) * (a + 0.2)) + rng.uniform(-0.02, 0.02);
  }
  auto run = [&](const std::vector<double>& e0, const std::vector<double>& h0, const std::vector<double>& ce,
                 const std::vector<double>& ch, const std::vector<double>& ie, const std::vector<double>& ih) {
    DeviceArray<double> de(e0), dh(h0), dce(ce), dch(ch), die(ie), dih(ih);
    advance_fields(de.ptr, dh.ptr, dce.ptr, dch.ptr, die.ptr, dih.ptr, n, nt, i0);
    std::vector<double> out = de.get(), b = dh.get();
    out.insert(out.end(), b.begin(), b.end());
    return out;
  };
#if CUAD_OUTPUT == 1
  const std::vector<double> we = rng.vec(n), wh = rng.vec(n);
  std::vector<double> w = we;
  w.insert(w.end(), wh.begin(), wh.end());
  auto loss = [&] { return dot(w, run(ez, hy, ceze, cezh, inc_e, inc_h)); };
  DeviceArray<double> de(ez), dh(hy), dce(ceze), dch(cezh), die(inc_e), dih(inc_h);
  DeviceArray<double> ge(we), gh(wh), gce(zeros<double>(n)), gch(zeros<double>(n)), gie(zeros<double>(nt)),
      gih(zeros<double>(nt));
  CUAD_GRAD(advance_fields_grad_0_1_2_3_4_5(de.ptr, dh.ptr, dce.ptr, dch.ptr, die.ptr, dih.ptr, n, nt, i0, ge.ptr,
                                            gh.ptr, gce.ptr, gch.ptr, gie.ptr, gih.ptr));
  check.array("ez", ge.get(), fd(ez, loss));
  check.array("hy", gh.get(), fd(hy, loss));
  check.array("ceze", gce.get(), fd(ceze, loss));
  check.array("cezh", gch.get(), fd(cezh, loss));
  check.array("inc_e", gie.get(), fd(inc_e, loss));
  check.array("inc_h", gih.get(), fd(inc_h, loss));
#if !defined(CUAD_SELFTEST)
  // the caller's fields hold their values from before the call again
  check.array("ez restored", de.get(), ez);
  check.array("hy restored", dh.get(), hy);
#endif
#else
  const std::vector<double> ve = rng.vec(n), vh = rng.vec(n), vce = rng.vec(n, -0.05, 0.05),
                            vch = rng.vec(n, -0.05, 0.05), vie = rng.vec(nt), vih = rng.vec(nt);
  auto outputs_at = [&](double t) {
    return run(along(ez, t, ve), along(hy, t, vh), along(ceze, t, vce), along(cezh, t, vch), along(inc_e, t, vie),
               along(inc_h, t, vih));
  };
  DeviceArray<double> de(ez), dh(hy), dce(ceze), dch(cezh), die(inc_e), dih(inc_h);
  DeviceArray<double> te(ve), th(vh), tce(vce), tch(vch), tie(vie), tih(vih);
  CUAD_GRAD(advance_fields_pushforward(de.ptr, dh.ptr, dce.ptr, dch.ptr, die.ptr, dih.ptr, n, nt, i0, te.ptr,
                                       th.ptr, tce.ptr, tch.ptr, tie.ptr, tih.ptr));
  std::vector<double> got = te.get(), b = th.get();
  got.insert(got.end(), b.begin(), b.end());
  check.array("tangents", got, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
