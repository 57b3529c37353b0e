#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw13_gfx_volrend");
  const int n_rays = 11;
  Rng rng(1310);
  std::vector<int2> rays(n_rays);
  int ns = 0;
  for (int r = 0; r < n_rays; ++r) {
    const int cnt = 3 + (r * 5) % 9;
    rays[r] = make_int2(ns, cnt);
    ns += cnt;
  }
  // densities: some rays saturate (early termination), others stay translucent
  std::vector<float> sig(ns), rgb = rng.vec<float>(3 * ns, -2.0, 2.0), dlt(ns), ts(ns);
  for (int r = 0; r < n_rays; ++r)
    for (int k = 0; k < rays[r].y; ++k) {
      const int i = rays[r].x + k;
      sig[i] = (float)rng.uniform(-1.0, 1.0) + (r % 3 == 0 ? 1.6f : 0.0f);
      dlt[i] = (float)rng.uniform(0.3, 0.6);
      ts[i] = 1.0f + 0.5f * k;
    }
  const float thr = 1e-2f;
  DeviceArray<int2> dr(rays);
  DeviceArray<float> dd(dlt), dt(ts);
  auto run = [&](const std::vector<float>& s, const std::vector<float>& c, std::vector<float>& img,
                 std::vector<float>& dep, std::vector<float>& op) {
    DeviceArray<float> ds(s), dc(c), di(zeros<float>(3 * n_rays)), dp(zeros<float>(n_rays)),
        dop(zeros<float>(n_rays));
    CUAD_LAUNCH(composite_rays, 2, 4, ds.ptr, dc.ptr, dd.ptr, dt.ptr, dr.ptr, n_rays, thr, di.ptr,
                dp.ptr, dop.ptr);
    img = di.get(); dep = dp.get(); op = dop.get();
  };
#if CUAD_OUTPUT == 1
  std::vector<float> wi = rng.vec<float>(3 * n_rays), wd = rng.vec<float>(n_rays), wo = rng.vec<float>(n_rays);
  auto loss = [&] {
    std::vector<float> img, dep, op;
    run(sig, rgb, img, dep, op);
    return dot(wi, img) + dot(wd, dep) + dot(wo, op);
  };
  DeviceArray<float> ds(sig), as(zeros<float>(ns)), dc(rgb), ac(zeros<float>(3 * ns)),
      di(zeros<float>(3 * n_rays)), ai(wi), dp(zeros<float>(n_rays)), ap(wd),
      dop(zeros<float>(n_rays)), aop(wo);
  CUAD_GRAD(CUAD_LAUNCH(composite_rays_grad_0_1_7_8_9, 2, 4, ds.ptr, dc.ptr, dd.ptr, dt.ptr, dr.ptr,
                        n_rays, thr, di.ptr, dp.ptr, dop.ptr, as.ptr, ac.ptr, ai.ptr, ap.ptr, aop.ptr));
  check.array("raw_sigma", as.get(), fd(sig, loss));
  check.array("raw_rgb", ac.get(), fd(rgb, loss));
#else
  std::vector<float> vs = rng.vec<float>(ns), vc = rng.vec<float>(3 * ns);
  auto outputs_at = [&](double t) {
    std::vector<float> img, dep, op;
    run(along(sig, t, vs), along(rgb, t, vc), img, dep, op);
    std::vector<double> o = as_doubles(img);
    for (float v : dep) o.push_back(v);
    for (float v : op) o.push_back(v);
    return o;
  };
  DeviceArray<float> ds(sig), ts_(vs), dc(rgb), tc(vc), di(zeros<float>(3 * n_rays)),
      ti(zeros<float>(3 * n_rays)), dp(zeros<float>(n_rays)), tp(zeros<float>(n_rays)),
      dop(zeros<float>(n_rays)), top(zeros<float>(n_rays));
  CUAD_GRAD(CUAD_LAUNCH(composite_rays_pushforward_0_1_7_8_9, 2, 4, ds.ptr, dc.ptr, dd.ptr, dt.ptr,
                        dr.ptr, n_rays, thr, di.ptr, dp.ptr, dop.ptr, ts_.ptr, tc.ptr, ti.ptr,
                        tp.ptr, top.ptr));
  std::vector<float> got = ti.get(), g2 = tp.get(), g3 = top.get();
  got.insert(got.end(), g2.begin(), g2.end());
  got.insert(got.end(), g3.begin(), g3.end());
  check.array("image, depth, opacity", got, directional_fd<float>(outputs_at));
#endif
  return check.finish();
}
