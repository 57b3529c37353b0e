#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw18g_nerf_packed");
  Rng rng(18002);
  // 11 rays with 0..14 samples; dense rays stop early. Transmittances at every early-stop test
  // stay a factor e^0.4 away from the threshold (the ray is redrawn otherwise).
  const int n_rays = 11;
  const float eps = 1e-3f;
  std::vector<int2> info;
  std::vector<float> sig, ts, te;
  int stopped = 0;
  for (int r = 0; r < n_rays; ++r) {
    const int n = r == 4 ? 0 : (int)rng.uniform(2, 15);
    const double smax = r % 3 == 0 ? 40.0 : 6.0;
    std::vector<float> s(n), a(n), b(n);
    for (int tries = 0;; ++tries) {
      double t = rng.uniform(1.0, 2.0), T = 1.0;
      bool ok = true, stop = false;
      for (int j = 0; j < n; ++j) {
        const double d = rng.uniform(0.05, 0.3);
        s[j] = (float)rng.uniform(0.0, smax);
        a[j] = (float)t;
        b[j] = (float)(t + d);
        t += d + rng.uniform(0.0, 0.05);
        if (std::fabs(std::log(T / eps)) < 0.4) ok = false;
        if (T < eps) stop = true;
        T *= std::exp(-(double)s[j] * (b[j] - a[j]));
      }
      if (ok || tries > 500) {
        stopped += stop;
        break;
      }
    }
    info.push_back(make_int2((int)sig.size(), n));
    sig.insert(sig.end(), s.begin(), s.end());
    ts.insert(ts.end(), a.begin(), a.end());
    te.insert(te.end(), b.begin(), b.end());
  }
  std::printf("rays stopped early: %d\n", stopped);
  const int ns = (int)sig.size();
  std::vector<float> rgb = rng.vec<float>(3 * ns, 0.0, 1.0), wts = zeros<float>(ns),
                     orgb = zeros<float>(3 * n_rays), odep = zeros<float>(n_rays),
                     oop = zeros<float>(n_rays);
  DeviceArray<int2> dinfo(info);
  auto f3 = [](DeviceArray<float>& a) { return reinterpret_cast<float3*>(a.ptr); };
#if CUAD_OUTPUT == 1
  const std::vector<float> ww = rng.vec<float>(ns), wr = rng.vec<float>(3 * n_rays),
                           wd = rng.vec<float>(n_rays), wo = rng.vec<float>(n_rays);
  auto loss = [&] {
    DeviceArray<float> ds(sig), dc(rgb), da(ts), db(te), dw(wts), dr(orgb), dd(odep), dop(oop);
    CUAD_LAUNCH(volume_render_packed, 2, 8, n_rays, dinfo.ptr, ds.ptr, f3(dc), da.ptr, db.ptr, eps,
                true, dw.ptr, f3(dr), dd.ptr, dop.ptr);
    return dot(ww, dw.get()) + dot(wr, dr.get()) + dot(wd, dd.get()) + dot(wo, dop.get());
  };
  DeviceArray<float> ds(sig), dc(rgb), da(ts), db(te), dw(wts), dr(orgb), dd(odep), dop(oop),
      gs(zeros<float>(ns)), gc(zeros<float>(3 * ns)), ga(zeros<float>(ns)), gb(zeros<float>(ns)),
      gw(ww), gr(wr), gd(wd), go(wo);
  CUAD_GRAD(CUAD_LAUNCH(volume_render_packed_grad_2_3_4_5_8_9_10_11, 2, 8, n_rays, dinfo.ptr,
                        ds.ptr, f3(dc), da.ptr, db.ptr, eps, true, dw.ptr, f3(dr), dd.ptr, dop.ptr,
                        gs.ptr, f3(gc), ga.ptr, gb.ptr, gw.ptr, f3(gr), gd.ptr, go.ptr));
  check.array("sigmas", gs.get(), fd(sig, loss));
  check.array("rgbs", gc.get(), fd(rgb, loss));
  check.array("t_starts", ga.get(), fd(ts, loss));
  check.array("t_ends", gb.get(), fd(te, loss));
  check.array("weights", gw.get(), std::vector<double>(ns, 0.0));
  check.array("out_rgb", gr.get(), std::vector<double>(3 * n_rays, 0.0));
  check.array("out_depth", gd.get(), std::vector<double>(n_rays, 0.0));
  check.array("out_opacity", go.get(), std::vector<double>(n_rays, 0.0));
#else
  const std::vector<float> tsig = rng.vec<float>(ns), trgb = rng.vec<float>(3 * ns),
                           tw = rng.vec<float>(ns), tr = rng.vec<float>(3 * n_rays),
                           td = rng.vec<float>(n_rays), to = rng.vec<float>(n_rays);
  auto outputs_at = [&](double t) {
    DeviceArray<float> ds(along(sig, t, tsig)), dc(along(rgb, t, trgb)), da(ts), db(te), dw(wts),
        dr(orgb), dd(odep), dop(oop);
    CUAD_LAUNCH(volume_render_packed, 2, 8, n_rays, dinfo.ptr, ds.ptr, f3(dc), da.ptr, db.ptr, eps,
                true, dw.ptr, f3(dr), dd.ptr, dop.ptr);
    std::vector<double> r = as_doubles(dw.get());
    for (auto& v : {dr.get(), dd.get(), dop.get()}) r.insert(r.end(), v.begin(), v.end());
    return r;
  };
  DeviceArray<float> ds(sig), dc(rgb), da(ts), db(te), dw(wts), dr(orgb), dd(odep), dop(oop),
      d_s(tsig), d_c(trgb), d_w(tw), d_r(tr), d_d(td), d_o(to);
  CUAD_GRAD(CUAD_LAUNCH(volume_render_packed_pushforward_2_3_8_9_10_11, 2, 8, n_rays, dinfo.ptr,
                        ds.ptr, f3(dc), da.ptr, db.ptr, eps, true, dw.ptr, f3(dr), dd.ptr, dop.ptr,
                        d_s.ptr, f3(d_c), d_w.ptr, f3(d_r), d_d.ptr, d_o.ptr));
  std::vector<double> tang = as_doubles(d_w.get());
  for (auto& v : {d_r.get(), d_d.get(), d_o.get()}) tang.insert(tang.end(), v.begin(), v.end());
  check.array("outputs", tang, directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
