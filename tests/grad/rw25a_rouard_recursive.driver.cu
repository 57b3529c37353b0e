#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25a_rouard_recursive");
  Rng rng(25808);
  const int nl = 6, nw = 21;
  const double nsub = 1.52;
  std::vector<double> nre(nl), nim(nl), th(nl), lam(nw), target(nw);
  for (int l = 0; l < nl; ++l) {
    nre[l] = (l % 2 ? 1.38 : 2.1) + rng.uniform(-0.05, 0.05);
    nim[l] = rng.uniform(0.001, 0.03);
    th[l] = rng.uniform(0.06, 0.14);
  }
  for (int k = 0; k < nw; ++k) {
    lam[k] = 0.4 + 0.02 * k;
    target[k] = rng.uniform(0.0, 0.3);
  }
  auto run = [&](const std::vector<double>& r, const std::vector<double>& i, const std::vector<double>& t,
                 const std::vector<double>& sp0, double m0) {
    DeviceArray<double> dr(r), di(i), dt(t), dl(lam), dtg(target), dsp(sp0), dm(std::vector<double>{m0});
    CUAD_LAUNCH(coating_merit, 1, 32, dr.ptr, di.ptr, dt.ptr, nl, dl.ptr, dtg.ptr, nw, nsub, dsp.ptr, dm.ptr);
    std::vector<double> out = dsp.get();
    out.push_back(dm.get()[0]);
    return out;
  };
  std::vector<double> sp0 = rng.vec(nw);
  double m0 = 0.1;
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(nw + 1);
  auto loss = [&] { return dot(w, run(nre, nim, th, sp0, m0)); };
  DeviceArray<double> dr(nre), di(nim), dt(th), dl(lam), dtg(target), dsp(sp0), dm(std::vector<double>{m0});
  DeviceArray<double> gr(zeros<double>(nl)), gi(zeros<double>(nl)), gt(zeros<double>(nl)),
      gsp(std::vector<double>(w.begin(), w.begin() + nw)), gm(std::vector<double>{w[nw]});
  CUAD_GRAD(CUAD_LAUNCH(coating_merit_grad_0_1_2_8_9, 1, 32, dr.ptr, di.ptr, dt.ptr, nl, dl.ptr, dtg.ptr, nw,
                        nsub, dsp.ptr, dm.ptr, gr.ptr, gi.ptr, gt.ptr, gsp.ptr, gm.ptr));
  check.array("n_re", gr.get(), fd(nre, loss));
  check.array("n_im", gi.get(), fd(nim, loss));
  check.array("thick", gt.get(), fd(th, loss));
  check.array("spectrum", gsp.get(), fd(sp0, loss));
  check.scalar("merit", gm.get()[0], fd(m0, loss));
#else
  const std::vector<double> vr = rng.vec(nl, -0.1, 0.1), vi = rng.vec(nl, -0.01, 0.01), vt = rng.vec(nl, -0.03, 0.03);
  const double vm = 0.2;
  auto outputs_at = [&](double t) {
    return run(along(nre, t, vr), along(nim, t, vi), along(th, t, vt), sp0, along(m0, t, vm));
  };
  DeviceArray<double> dr(nre), di(nim), dt(th), dl(lam), dtg(target), dsp(sp0), dm(std::vector<double>{m0});
  DeviceArray<double> tr(vr), ti(vi), tt(vt), tsp(rng.vec(nw)), tm(std::vector<double>{vm});
  CUAD_GRAD(CUAD_LAUNCH(coating_merit_pushforward_0_1_2_8_9, 1, 32, dr.ptr, di.ptr, dt.ptr, nl, dl.ptr, dtg.ptr,
                        nw, nsub, dsp.ptr, dm.ptr, tr.ptr, ti.ptr, tt.ptr, tsp.ptr, tm.ptr));
  std::vector<double> got = tsp.get();
  got.push_back(tm.get()[0]);
  check.array("tangents", got, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
