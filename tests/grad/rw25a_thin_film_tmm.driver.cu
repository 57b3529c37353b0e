#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

#if CUAD_OUTPUT == 2
__global__ void one_sample(const double* nr, const double* ni, const double* th, int nl, double lam,
                           double s, double nsub, double* out) {
  if (threadIdx.x == 0) out[0] = tmm_reflectance(nr, ni, th, nl, lam, s, nsub);
}
#ifndef CUAD_SELFTEST
__global__ void one_sample_grad(const double* nr, const double* ni, const double* th, int nl, double lam,
                                double s, double nsub, double* gr, double* gi, double* gt) {
  if (threadIdx.x == 0) tmm_reflectance_grad_0_1_2(nr, ni, th, nl, lam, s, nsub, gr, gi, gt);
}
#endif
#endif

int main() {
  Checker check("rw25a_thin_film_tmm");
  Rng rng(25404);
  const int nl = 5, nlam = 9, nang = 4, ns = nlam * nang;
  std::vector<double> nre(nl), nim(nl), th(nl);
  for (int l = 0; l < nl; ++l) {
    nre[l] = (l % 2 ? 1.46 : 2.3) + rng.uniform(-0.05, 0.05);
    nim[l] = rng.uniform(0.002, 0.04);
    th[l] = rng.uniform(0.07, 0.15);  // micrometres
  }
  std::vector<double> lam(nlam), sines(nang);
  for (int i = 0; i < nlam; ++i) lam[i] = 0.42 + 0.045 * i;
  for (int a = 0; a < nang; ++a) sines[a] = 0.1 + 0.2 * a;
  const double nsub = 1.52;
#if CUAD_OUTPUT == 2
  const double lam0 = 0.55, s0 = 0.4;
  auto loss = [&] {
    DeviceArray<double> dr(nre), di(nim), dt(th), out(zeros<double>(1));
    CUAD_LAUNCH(one_sample, 1, 1, dr.ptr, di.ptr, dt.ptr, nl, lam0, s0, nsub, out.ptr);
    return out.get()[0];
  };
  DeviceArray<double> dr(nre), di(nim), dt(th), gr(zeros<double>(nl)), gi(zeros<double>(nl)),
      gt(zeros<double>(nl));
  CUAD_GRAD(CUAD_LAUNCH(one_sample_grad, 1, 1, dr.ptr, di.ptr, dt.ptr, nl, lam0, s0, nsub, gr.ptr, gi.ptr,
                        gt.ptr));
  check.array("n_re", gr.get(), fd(nre, loss));
  check.array("n_im", gi.get(), fd(nim, loss));
  check.array("thick", gt.get(), fd(th, loss));
#else
  auto run = [&](const std::vector<double>& r, const std::vector<double>& i, const std::vector<double>& t,
                 const std::vector<double>& rf0, double m0) {
    DeviceArray<double> dr(r), di(i), dt(t), dl(lam), ds(sines), drf(rf0), dm(std::vector<double>{m0});
    CUAD_LAUNCH(film_spectrum, 2, 32, dr.ptr, di.ptr, dt.ptr, nl, dl.ptr, nlam, ds.ptr, nang, nsub, drf.ptr,
                dm.ptr);
    std::vector<double> out = drf.get();
    out.push_back(dm.get()[0]);
    return out;
  };
  std::vector<double> rf0 = rng.vec(ns);
  double m0 = 0.25;
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(ns + 1);
  auto loss = [&] { return dot(w, run(nre, nim, th, rf0, m0)); };
  std::vector<double> wr(w.begin(), w.begin() + ns);
  DeviceArray<double> dr(nre), di(nim), dt(th), dl(lam), ds(sines), drf(rf0), dm(std::vector<double>{m0});
  DeviceArray<double> gr(zeros<double>(nl)), gi(zeros<double>(nl)), gt(zeros<double>(nl)), grf(wr),
      gm(std::vector<double>{w[ns]});
  CUAD_GRAD(CUAD_LAUNCH(film_spectrum_grad_0_1_2_9_10, 2, 32, dr.ptr, di.ptr, dt.ptr, nl, dl.ptr, nlam, ds.ptr,
                        nang, nsub, drf.ptr, dm.ptr, gr.ptr, gi.ptr, gt.ptr, grf.ptr, gm.ptr));
  check.array("n_re", gr.get(), fd(nre, loss));
  check.array("n_im", gi.get(), fd(nim, loss));
  check.array("thick", gt.get(), fd(th, loss));
  check.array("refl", grf.get(), fd(rf0, loss));
  check.scalar("mean_r", gm.get()[0], fd(m0, loss));
#else
  const std::vector<double> vr = rng.vec(nl, -0.1, 0.1), vi = rng.vec(nl, -0.01, 0.01), vt = rng.vec(nl, -0.05, 0.05);
  const double vm = 0.3;
  auto outputs_at = [&](double t) {
    return run(along(nre, t, vr), along(nim, t, vi), along(th, t, vt), rf0, along(m0, t, vm));
  };
  DeviceArray<double> dr(nre), di(nim), dt(th), dl(lam), ds(sines), drf(rf0), dm(std::vector<double>{m0});
  DeviceArray<double> tr(vr), ti(vi), tt(vt), trf(rng.vec(ns)), tm(std::vector<double>{vm});
  CUAD_GRAD(CUAD_LAUNCH(film_spectrum_pushforward_0_1_2_9_10, 2, 32, dr.ptr, di.ptr, dt.ptr, nl, dl.ptr, nlam,
                        ds.ptr, nang, nsub, drf.ptr, dm.ptr, tr.ptr, ti.ptr, tt.ptr, trf.ptr, tm.ptr));
  std::vector<double> got = trf.get();
  got.push_back(tm.get()[0]);
  check.array("tangents", got, directional_fd<double>(outputs_at));
#endif
#endif
  return check.finish();
}
