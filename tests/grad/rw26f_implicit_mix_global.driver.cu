#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26f_implicit_mix_global");
  Rng rng(26616);
  const int ncol = 35, nz = 11, n = ncol * nz;
  std::vector<double> dz(nz);
  for (int k = 0; k < nz; ++k) dz[k] = 5.0 + 3.0 * k;
  std::vector<double> temp(n), kv(n), sf = rng.vec(ncol, -300.0, 300.0);
  for (int k = 0; k < nz; ++k)
    for (int c = 0; c < ncol; ++c) {
      temp[k * ncol + c] = 20.0 - 0.4 * k + rng.uniform(-0.3, 0.3);
      kv[k * ncol + c] = rng.uniform(1e-4, 5e-2);
    }
  const double dt = 3600.0;
  const std::vector<double> cp0 = rng.vec(n);  // scratch: whatever was there
  auto run = [&](const std::vector<double>& T, const std::vector<double>& K, const std::vector<double>& s,
                 const std::vector<double>& cp) {
    DeviceArray<double> ddz(dz), dT(T), dK(K), ds(s), dcp(cp);
    CUAD_LAUNCH(implicit_mix, 2, 32, ncol, nz, ddz.ptr, dT.ptr, dK.ptr, ds.ptr, dt, dcp.ptr);
    std::vector<double> o = dT.get(), b = dcp.get();
    o.insert(o.end(), b.begin(), b.end());
    return o;
  };
#if CUAD_OUTPUT == 1
  const std::vector<double> wT = rng.vec(n), wc = rng.vec(n);
  std::vector<double> cp = cp0;
  auto loss = [&] {
    std::vector<double> o = run(temp, kv, sf, cp), w = wT;
    w.insert(w.end(), wc.begin(), wc.end());
    return dot(w, o);
  };
  DeviceArray<double> ddz(dz), dT(temp), dK(kv), ds(sf), dcp(cp0), gT(wT), gK(zeros<double>(n)), gs(zeros<double>(ncol)),
      gcp(wc);
  CUAD_GRAD(CUAD_LAUNCH(implicit_mix_grad_3_4_5_7, 2, 32, ncol, nz, ddz.ptr, dT.ptr, dK.ptr, ds.ptr, dt, dcp.ptr, gT.ptr,
                        gK.ptr, gs.ptr, gcp.ptr));
  check.array("temp", gT.get(), fd(temp, loss));
  check.array("kv", gK.get(), fd(kv, loss));
  check.array("sfc_flux", gs.get(), fd(sf, loss));
  check.array("cprime", gcp.get(), fd(cp, loss));
#else
  const std::vector<double> vT = rng.vec(n), vK = rng.vec(n, -1e-3, 1e-3), vs = rng.vec(ncol, -10, 10), vc = rng.vec(n);
  auto outputs_at = [&](double t) { return run(along(temp, t, vT), along(kv, t, vK), along(sf, t, vs), along(cp0, t, vc)); };
  DeviceArray<double> ddz(dz), dT(temp), dK(kv), ds(sf), dcp(cp0), tT(vT), tK(vK), ts(vs), tc(vc);
  CUAD_GRAD(CUAD_LAUNCH(implicit_mix_pushforward_3_4_5_7, 2, 32, ncol, nz, ddz.ptr, dT.ptr, dK.ptr, ds.ptr, dt, dcp.ptr,
                        tT.ptr, tK.ptr, ts.ptr, tc.ptr));
  std::vector<double> o = tT.get(), b = tc.get();
  o.insert(o.end(), b.begin(), b.end());
  check.array("tangent", o, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
