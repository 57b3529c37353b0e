#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25a_warp_scan_heating");
  Rng rng(26313);
  const int ncol = 5, m = ncol * 32;  // 3 blocks of 2 warps, the last warp idle
  std::vector<int> nlay = {32, 7, 19, 1, 26};
  std::vector<float> kabs = rng.vec<float>(m, 0.01, 0.12), dz = rng.vec<float>(m, 0.5, 1.5),
                     mu0 = rng.vec<float>(ncol, 0.3, 1.0);
  const float s0 = 1.36f;
  auto run = [&](const std::vector<float>& k, const std::vector<float>& mu, const std::vector<float>& h0,
                 const std::vector<float>& f0, const std::vector<float>& a0) {
    DeviceArray<float> dk(k), ddz(dz), dmu(mu), dh(h0), df(f0), da(a0);
    DeviceArray<int> dn(nlay);
    CUAD_LAUNCH(solar_heating, 3, 64, dk.ptr, ddz.ptr, dn.ptr, dmu.ptr, s0, ncol, dh.ptr, df.ptr, da.ptr);
    std::vector<float> out = dh.get(), b = df.get(), c = da.get();
    out.insert(out.end(), b.begin(), b.end());
    out.insert(out.end(), c.begin(), c.end());
    return out;
  };
  std::vector<float> h0 = rng.vec<float>(m), f0 = rng.vec<float>(ncol), a0 = rng.vec<float>(ncol);
#if CUAD_OUTPUT == 1
  const std::vector<float> wh = rng.vec<float>(m), wf = rng.vec<float>(ncol), wa = rng.vec<float>(ncol);
  std::vector<float> w = wh;
  w.insert(w.end(), wf.begin(), wf.end());
  w.insert(w.end(), wa.begin(), wa.end());
  auto loss = [&] { return dot(w, run(kabs, mu0, h0, f0, a0)); };
  DeviceArray<float> dk(kabs), ddz(dz), dmu(mu0), dh(h0), df(f0), da(a0);
  DeviceArray<int> dn(nlay);
  DeviceArray<float> gk(zeros<float>(m)), gmu(zeros<float>(ncol)), gh(wh), gf(wf), ga(wa);
  CUAD_GRAD(CUAD_LAUNCH(solar_heating_grad_0_3_6_7_8, 3, 64, dk.ptr, ddz.ptr, dn.ptr, dmu.ptr, s0, ncol, dh.ptr,
                        df.ptr, da.ptr, gk.ptr, gmu.ptr, gh.ptr, gf.ptr, ga.ptr));
  check.array("kabs", gk.get(), fd(kabs, loss));
  check.array("mu0", gmu.get(), fd(mu0, loss));
  check.array("heating", gh.get(), fd(h0, loss));
  check.array("sfc_flux", gf.get(), fd(f0, loss));
  check.array("absorbed", ga.get(), fd(a0, loss));
#else
  const std::vector<float> vk = rng.vec<float>(m, -0.02, 0.02), vmu = rng.vec<float>(ncol, -0.1, 0.1);
  auto outputs_at = [&](double t) { return as_doubles(run(along(kabs, t, vk), along(mu0, t, vmu), h0, f0, a0)); };
  DeviceArray<float> dk(kabs), ddz(dz), dmu(mu0), dh(h0), df(f0), da(a0);
  DeviceArray<int> dn(nlay);
  DeviceArray<float> tk(vk), tmu(vmu), th(rng.vec<float>(m)), tf(rng.vec<float>(ncol)), ta(rng.vec<float>(ncol));
  CUAD_GRAD(CUAD_LAUNCH(solar_heating_pushforward_0_3_6_7_8, 3, 64, dk.ptr, ddz.ptr, dn.ptr, dmu.ptr, s0, ncol,
                        dh.ptr, df.ptr, da.ptr, tk.ptr, tmu.ptr, th.ptr, tf.ptr, ta.ptr));
  // entries the kernel does not write keep the given tangent: compare only what it writes
  std::vector<float> got = th.get(), b = tf.get(), c = ta.get();
  got.insert(got.end(), b.begin(), b.end());
  got.insert(got.end(), c.begin(), c.end());
  std::vector<double> want = directional_fd<float>(outputs_at);
  std::vector<double> g2, w2;
  for (int col = 0; col < ncol; ++col)
    for (int l = 0; l < nlay[col]; ++l) {
      g2.push_back(got[col * 32 + l]);
      w2.push_back(want.empty() ? 0.0 : want[col * 32 + l]);
    }
  for (int k = m; k < m + 2 * ncol; ++k) {
    g2.push_back(got[k]);
    w2.push_back(want.empty() ? 0.0 : want[k]);
  }
  check.array("tangents", g2, w2, default_tol<float>());
#endif
  return check.finish();
}
