#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25a_block_acoustic_global");
  Rng rng(26717);
  const int nm = 2, n = 70, nt = 36, src = 20, rcv = 45;
  const double dt_dx = 0.4;
  std::vector<double> ri = rng.vec(nm * n, 0.6, 1.2), ka = rng.vec(nm * n, 0.6, 1.4), p0 = rng.vec(nm * n, -0.05, 0.05),
                      v0 = rng.vec(nm * n, -0.05, 0.05);
  for (int m = 0; m < nm; ++m) v0[m * n + n - 1] = 0.0;  // v has n - 1 entries per model; the last is never read
  auto run = [&](const std::vector<double>& r, const std::vector<double>& k, const std::vector<double>& pi,
                 const std::vector<double>& vi, const std::vector<double>& s0) {
    DeviceArray<double> dr(r), dk(k), dp(pi), dv(vi), ds(s0);
    CUAD_LAUNCH(acoustic1d_block, nm, 32, dr.ptr, dk.ptr, dp.ptr, dv.ptr, n, nt, dt_dx, src, rcv, ds.ptr);
    std::vector<double> out = dp.get(), b = dv.get(), c = ds.get();
    out.insert(out.end(), b.begin(), b.end());
    out.insert(out.end(), c.begin(), c.end());
    return out;
  };
  const std::vector<double> s0 = rng.vec(nm * nt);
#if CUAD_OUTPUT == 1
  const std::vector<double> wp = rng.vec(nm * n), wv = rng.vec(nm * n), ws = rng.vec(nm * nt);
  std::vector<double> w = wp;
  w.insert(w.end(), wv.begin(), wv.end());
  w.insert(w.end(), ws.begin(), ws.end());
  std::vector<double> sin0 = s0;
  auto loss = [&] { return dot(w, run(ri, ka, p0, v0, sin0)); };
  DeviceArray<double> dr(ri), dk(ka), dp(p0), dv(v0), ds(s0);
  DeviceArray<double> gr(zeros<double>(nm * n)), gk(zeros<double>(nm * n)), gp(wp), gv(wv), gs(ws);
  CUAD_GRAD(CUAD_LAUNCH(acoustic1d_block_grad_0_1_2_3_9, nm, 32, dr.ptr, dk.ptr, dp.ptr, dv.ptr, n, nt, dt_dx, src,
                        rcv, ds.ptr, gr.ptr, gk.ptr, gp.ptr, gv.ptr, gs.ptr));
  check.array("rho_inv", gr.get(), fd(ri, loss));
  check.array("kappa", gk.get(), fd(ka, loss));
  check.array("p", gp.get(), fd(p0, loss));
  check.array("v", gv.get(), fd(v0, loss));
  check.array("seis", gs.get(), fd(sin0, loss));
#else
  const std::vector<double> vr = rng.vec(nm * n, -0.1, 0.1), vk = rng.vec(nm * n, -0.1, 0.1), vp = rng.vec(nm * n),
                            vv = rng.vec(nm * n);
  auto outputs_at = [&](double t) { return run(along(ri, t, vr), along(ka, t, vk), along(p0, t, vp), along(v0, t, vv), s0); };
  DeviceArray<double> dr(ri), dk(ka), dp(p0), dv(v0), ds(s0);
  DeviceArray<double> tr(vr), tk(vk), tp(vp), tv(vv), ts(zeros<double>(nm * nt));
  CUAD_GRAD(CUAD_LAUNCH(acoustic1d_block_pushforward_0_1_2_3_9, nm, 32, dr.ptr, dk.ptr, dp.ptr, dv.ptr, n, nt, dt_dx,
                        src, rcv, ds.ptr, tr.ptr, tk.ptr, tp.ptr, tv.ptr, ts.ptr));
  std::vector<double> got = tp.get(), b = tv.get(), c = ts.get();
  got.insert(got.end(), b.begin(), b.end());
  got.insert(got.end(), c.begin(), c.end());
  check.array("tangents", got, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
