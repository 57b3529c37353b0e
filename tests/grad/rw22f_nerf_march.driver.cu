#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// 40 rays of 12 stratified samples. Ray r % 3 == 0 crosses a dense "surface" and stops
// early; the transmittance is kept a factor e^0.5 away from the early-stop threshold at every
// test (a ray is redrawn otherwise), so the break never moves under the finite differences.
int main() {
  Checker check("rw22f_nerf_march");
  Rng rng(22601);
  const int n_rays = 40, n_samples = 12;
  const float t_near = 2.0f, t_far = 6.0f, shift = -1.0f;
  const int ns = n_rays * n_samples;
  std::vector<float> tv(ns), sig(ns), rgb = rng.vec<float>(3 * ns, -2.0, 2.0), dirs(3 * n_rays);
  int stopped = 0;
  for (int r = 0; r < n_rays; ++r) {
    for (int tries = 0;; ++tries) {
      double d[3], n2 = 0.0;
      for (int k = 0; k < 3; ++k) {
        d[k] = rng.uniform(-0.4, 0.4) + (k == 2 ? 1.0 : 0.0);
        n2 += d[k] * d[k];
      }
      const double dn = std::sqrt((double)(float)d[0] * (float)d[0] + (double)(float)d[1] * (float)d[1] +
                                  (double)(float)d[2] * (float)d[2]);
      const int surf = (r % 3 == 0) ? (int)rng.uniform(3, 9) : -1;
      for (int s = 0; s < n_samples; ++s) {
        tv[r * n_samples + s] =
            (float)(t_near + (t_far - t_near) * (s + rng.uniform(0.2, 0.8)) / n_samples);
        sig[r * n_samples + s] = (float)(s >= surf && surf >= 0 ? rng.uniform(4.0, 9.0)
                                                                  : rng.uniform(-2.0, 1.5));
      }
      double T = 1.0;
      bool ok = true, stop = false;
      for (int s = 0; s < n_samples && !stop; ++s) {
        const double tn = s + 1 < n_samples ? tv[r * n_samples + s + 1] : t_far;
        const double delta = (tn - tv[r * n_samples + s]) * dn;
        const double x = sig[r * n_samples + s] + shift;
        const double sigma = std::log1p(std::exp(x));
        T *= std::exp(-sigma * delta);
        if (std::fabs(std::log(T / 1e-4)) < 0.5) ok = false;
        if (T < 1e-4) stop = true;
      }
      if (ok || tries > 500) {
        for (int k = 0; k < 3; ++k) dirs[3 * r + k] = (float)d[k];
        stopped += stop;
        break;
      }
    }
  }
  std::printf("rays stopped early: %d of %d\n", stopped, n_rays);
  check.expect(stopped >= 8, "some rays stop early");
#if CUAD_OUTPUT == 1
  const std::vector<float> target = rng.vec<float>(3 * n_rays, 0.0, 1.0);
  auto loss = [&] {
    return (double)nerf_photometric_loss(sig.data(), rgb.data(), tv.data(), dirs.data(),
                                         target.data(), n_rays, n_samples, t_far);
  };
  std::vector<float> gs(ns, 0.0f), gc(3 * ns, 0.0f), gt(ns, 0.0f);
  CUAD_GRAD(nerf_photometric_loss_grad_0_1_2(sig.data(), rgb.data(), tv.data(), dirs.data(),
                                             target.data(), n_rays, n_samples, t_far, gs.data(),
                                             gc.data(), gt.data()));
  check.array("raw_sigma", gs, fd(sig, loss));
  check.array("raw_rgb", gc, fd(rgb, loss));
  check.array("t_vals", gt, fd(tv, loss));
#else
  const std::vector<float> tsig = rng.vec<float>(ns), trgb = rng.vec<float>(3 * ns),
                           tr = rng.vec<float>(3 * n_rays), td = rng.vec<float>(n_rays),
                           ta = rng.vec<float>(n_rays);
  auto f3 = [](DeviceArray<float>& a) { return reinterpret_cast<float3*>(a.ptr); };
  auto outputs_at = [&](double t) {
    DeviceArray<float> dt(tv), dd(dirs), ds(along(sig, t, tsig)), dc(along(rgb, t, trgb)),
        o_rgb(zeros<float>(3 * n_rays)), o_dep(zeros<float>(n_rays)), o_acc(zeros<float>(n_rays));
    CUAD_LAUNCH(composite_rays, 2, 16, n_rays, n_samples, dt.ptr, t_far, f3(dd), ds.ptr, dc.ptr,
                shift, o_rgb.ptr, o_dep.ptr, o_acc.ptr);
    std::vector<double> r = as_doubles(o_rgb.get());
    for (auto& v : {o_dep.get(), o_acc.get()}) r.insert(r.end(), v.begin(), v.end());
    return r;
  };
  DeviceArray<float> dt(tv), dd(dirs), ds(sig), dc(rgb), o_rgb(zeros<float>(3 * n_rays)),
      o_dep(zeros<float>(n_rays)), o_acc(zeros<float>(n_rays)), t_s(tsig), t_c(trgb), t_r(tr),
      t_d(td), t_a(ta);
  CUAD_GRAD(CUAD_LAUNCH(composite_rays_pushforward_5_6_8_9_10, 2, 16, n_rays, n_samples, dt.ptr,
                        t_far, f3(dd), ds.ptr, dc.ptr, shift, o_rgb.ptr, o_dep.ptr, o_acc.ptr,
                        t_s.ptr, t_c.ptr, t_r.ptr, t_d.ptr, t_a.ptr));
  std::vector<double> tang = as_doubles(t_r.get());
  for (auto& v : {t_d.get(), t_a.get()}) tang.insert(tang.end(), v.begin(), v.end());
  check.array("outputs", tang, directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
