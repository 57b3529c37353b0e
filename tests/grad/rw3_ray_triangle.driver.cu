#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw3_ray_triangle");
  // three large triangles at depths about 2, 3 and 4 (all cover the rays' footprint; the
  // nearest is the first), and one small triangle off to the side that no ray hits
  const int n_tri = 4, n_rays = 20;
  Rng rng(3116);
  std::vector<double> verts;
  for (int k = 0; k < 3; ++k) {
    double z = 2.0 + k;
    for (double xy : {-4.0, -3.0, 4.0, -3.0, 0.0, 5.0}) verts.push_back(xy + rng.uniform(-0.2, 0.2));
    verts.insert(verts.begin() + 9 * k + 2, z + rng.uniform(-0.2, 0.2));
    verts.insert(verts.begin() + 9 * k + 5, z + rng.uniform(-0.2, 0.2));
    verts.insert(verts.begin() + 9 * k + 8, z + rng.uniform(-0.2, 0.2));
  }
  for (double v : {8.0, 8.0, 1.0, 9.0, 8.0, 1.0, 8.0, 9.0, 1.0}) verts.push_back(v);
  std::vector<double> vals = rng.vec(3 * n_tri), orig(3 * n_rays), dir(3 * n_rays),
                      w = rng.vec(n_rays);
  for (int r = 0; r < n_rays; ++r) {
    orig[3 * r] = rng.uniform(-0.5, 0.5);
    orig[3 * r + 1] = rng.uniform(-0.5, 0.5);
    orig[3 * r + 2] = rng.uniform(-0.3, 0.3);
    dir[3 * r] = rng.uniform(-0.2, 0.2);
    dir[3 * r + 1] = rng.uniform(-0.2, 0.2);
    dir[3 * r + 2] = rng.uniform(0.8, 1.2);
  }
  DeviceArray<double> d_vals(vals);
#if CUAD_OUTPUT == 1
  auto loss = [&] {
    DeviceArray<double> d_v(verts), d_o(orig), d_d(dir), d_s(n_rays, 0.0);
    CUAD_LAUNCH(trace_nearest, 2, 16, d_v.ptr, d_vals.ptr, n_tri, d_o.ptr, d_d.ptr, d_s.ptr, n_rays);
    return dot(w, d_s.get());
  };
  DeviceArray<double> d_v(verts), d_o(orig), d_d(dir), d_s(n_rays, 0.0),
      a_v(zeros<double>(verts.size())), a_o(zeros<double>(3 * n_rays)), a_d(zeros<double>(3 * n_rays)),
      a_s(w);
  CUAD_GRAD(CUAD_LAUNCH(trace_nearest_grad_0_3_4_5, 2, 16, d_v.ptr, d_vals.ptr, n_tri, d_o.ptr,
                        d_d.ptr, d_s.ptr, n_rays, a_v.ptr, a_o.ptr, a_d.ptr, a_s.ptr));
  check.array("verts", a_v.get(), fd(verts, loss));
  check.array("orig", a_o.get(), fd(orig, loss));
  check.array("dir", a_d.get(), fd(dir, loss));
  check.array("shade", a_s.get(), std::vector<double>(n_rays, 0.0));
#else
  std::vector<double> vv = rng.vec(verts.size()), vvals = rng.vec(3 * n_tri), vo = rng.vec(3 * n_rays),
                      vd = rng.vec(3 * n_rays, -0.3, 0.3);
  auto outputs_at = [&](double t) {
    DeviceArray<double> d_v(along(verts, t, vv)), d_va(along(vals, t, vvals)), d_o(along(orig, t, vo)),
        d_d(along(dir, t, vd)), d_s(n_rays, 0.0);
    CUAD_LAUNCH(trace_nearest, 2, 16, d_v.ptr, d_va.ptr, n_tri, d_o.ptr, d_d.ptr, d_s.ptr, n_rays);
    return d_s.get();
  };
  DeviceArray<double> d_v(verts), d_o(orig), d_d(dir), d_s(n_rays, 0.0), t_v(vv), t_va(vvals), t_o(vo),
      t_d(vd), t_s(n_rays, 0.0);
  CUAD_GRAD(CUAD_LAUNCH(trace_nearest_pushforward, 2, 16, d_v.ptr, d_vals.ptr, n_tri, d_o.ptr, d_d.ptr,
                        d_s.ptr, n_rays, t_v.ptr, t_va.ptr, t_o.ptr, t_d.ptr, t_s.ptr));
  check.array("shade", t_s.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
