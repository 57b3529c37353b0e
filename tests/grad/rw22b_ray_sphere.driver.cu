#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

#if CUAD_OUTPUT == 1
using T = double;
#else
using T = float;
#endif

// Host copy of the discriminant, for margins.
static double disc_of(const double* o, const double* d, const double* c, double r) {
  const double nd = std::sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
  double oc[3], b = 0, cc = 0;
  for (int k = 0; k < 3; ++k) oc[k] = o[k] - c[k];
  for (int k = 0; k < 3; ++k) b += oc[k] * d[k] / nd, cc += oc[k] * oc[k];
  return b * b - (cc - r * r);
}

int main() {
  Checker check("rw22b_ray_sphere");
  const int n_rays = 40, n_spheres = 3;
  Rng rng(22001);
  std::vector<T> center = {T(0.1), T(-0.2), T(0.0), T(-0.4), T(0.3), T(5.0),
                           T(0.5), T(0.4), T(10.0)};
  std::vector<T> radius = {T(1.5), T(1.8), T(1.6)};
  std::vector<T> origin(3 * n_rays), dir(3 * n_rays);
  for (int i = 0; i < n_rays; ++i) {
    for (;;) {  // keep every discriminant away from 0 (a ray grazing a sphere is a kink)
      double o[3] = {rng.uniform(-2.2, 2.2), rng.uniform(-2.2, 2.2), rng.uniform(-6.5, -5.5)};
      double d[3] = {rng.uniform(-0.08, 0.08), rng.uniform(-0.08, 0.08), rng.uniform(0.8, 1.2)};
      bool ok = true;
      for (int s = 0; s < n_spheres; ++s) {
        const double c[3] = {center[3 * s], center[3 * s + 1], center[3 * s + 2]};
        if (std::fabs(disc_of(o, d, c, radius[s])) < 0.6) ok = false;
      }
      if (!ok) continue;
      for (int k = 0; k < 3; ++k) origin[3 * i + k] = T(o[k]), dir[3 * i + k] = T(d[k]);
      break;
    }
  }
  std::vector<T> t_out = rng.vec<T>(n_rays), w = rng.vec<T>(n_rays);
  auto run = [&](const std::vector<T>& o, const std::vector<T>& d, const std::vector<T>& c,
                 const std::vector<T>& r) {
    DeviceArray<T> a(o), b(d), cc(c), rr(r), to(t_out);
    CUAD_LAUNCH(ray_sphere<T>, 2, 32, a.ptr, b.ptr, cc.ptr, rr.ptr, to.ptr, n_rays, n_spheres);
    return to.get();
  };
  {  // some rays hit, some miss
    const std::vector<T> t0 = run(origin, dir, center, radius);
    int hits = 0;
    for (T t : t0) hits += t < T(999);
    check.expect(hits > 5 && hits < n_rays, "some rays hit a sphere and some miss all");
  }
  DeviceArray<T> d_o(origin), d_d(dir), d_c(center), d_r(radius), d_t(t_out);
#if CUAD_OUTPUT == 1
  auto loss = [&] { return dot(w, run(origin, dir, center, radius)); };
  DeviceArray<T> a_o(zeros<T>(3 * n_rays)), a_d(zeros<T>(3 * n_rays)),
      a_c(zeros<T>(3 * n_spheres)), a_r(zeros<T>(n_spheres)), a_t(w);
  CUAD_GRAD(CUAD_LAUNCH(ray_sphere_grad_0_1_2_3_4<T>, 2, 32, d_o.ptr, d_d.ptr, d_c.ptr, d_r.ptr,
                        d_t.ptr, n_rays, n_spheres, a_o.ptr, a_d.ptr, a_c.ptr, a_r.ptr,
                        a_t.ptr));
  check.array("origin", a_o.get(), fd(origin, loss));
  check.array("dir", a_d.get(), fd(dir, loss));
  check.array("center", a_c.get(), fd(center, loss));
  check.array("radius", a_r.get(), fd(radius, loss));
  check.array("t_out (only written)", a_t.get(), std::vector<double>(n_rays, 0.0));
#else
  std::vector<T> vo = rng.vec<T>(3 * n_rays, -0.3, 0.3), vd = rng.vec<T>(3 * n_rays, -0.1, 0.1),
                 vc = rng.vec<T>(3 * n_spheres, -0.3, 0.3), vr = rng.vec<T>(n_spheres, -0.3, 0.3);
  auto outputs_at = [&](double t) {
    return as_doubles(run(along(origin, t, vo), along(dir, t, vd), along(center, t, vc),
                          along(radius, t, vr)));
  };
  DeviceArray<T> t_o(vo), t_d(vd), t_c(vc), t_r(vr), t_t(zeros<T>(n_rays));
  CUAD_GRAD(CUAD_LAUNCH(ray_sphere_pushforward<T>, 2, 32, d_o.ptr, d_d.ptr, d_c.ptr, d_r.ptr,
                        d_t.ptr, n_rays, n_spheres, t_o.ptr, t_d.ptr, t_c.ptr, t_r.ptr,
                        t_t.ptr));
  check.array("t_out", as_doubles(t_t.get()), directional_fd<T>(outputs_at), default_tol<T>());
#endif
  return check.finish();
}
