#include CUAD_GENERATED
#include "cuad_test.h"
#include <algorithm>
using namespace cuad_test;

int main() {
  Checker check("rw26c_topk_contacts");
  const int n_body = 3;
  Rng rng(28601);
  std::vector<double> pts(3 * n_body * NPTS), h = rng.vec(GRID * GRID, 0.0, 0.3);
  for (int i = 0; i < n_body * NPTS; ++i) {
    pts[3 * i] = rng.uniform(0.03, 0.97);
    pts[3 * i + 1] = rng.uniform(0.03, 0.97);
    pts[3 * i + 2] = rng.uniform(0.0, 0.3);
  }
  // keep the grid coordinates away from cell boundaries and the depths apart from each other
  // (the sort order, and which K are kept, must not change under the steps)
  for (int i = 0; i < n_body * NPTS; ++i)
    for (int c = 0; c < 2; ++c) {
      double g = pts[3 * i + c] * (GRID - 1);
      const double f = g - std::floor(g);
      if (f < 0.02) pts[3 * i + c] += 0.03 / (GRID - 1);
      if (f > 0.98) pts[3 * i + c] -= 0.03 / (GRID - 1);
    }
  const double stiffness = 40.0;
  auto run = [&](const std::vector<double>& pv, const std::vector<double>& hv) {
    DeviceArray<double> d_p(pv), d_h(hv), d_c(zeros<double>(n_body));
    CUAD_LAUNCH(topk_contact_cost, n_body, NPTS, d_p.ptr, d_h.ptr, stiffness, d_c.ptr);
    return d_c.get();
  };
  // the depths, recomputed here to check their separation
  {
    double min_gap = 1e30;
    for (int b = 0; b < n_body; ++b) {
      std::vector<double> d(NPTS);
      for (int t = 0; t < NPTS; ++t) {
        const double* p = &pts[3 * (b * NPTS + t)];
        const double gx = p[0] * (GRID - 1), gy = p[1] * (GRID - 1);
        const int ix = std::min(std::max((int)std::floor(gx), 0), GRID - 2), iy = std::min(std::max((int)std::floor(gy), 0), GRID - 2);
        const double fx = gx - ix, fy = gy - iy;
        d[t] = (1 - fx) * (1 - fy) * h[iy * GRID + ix] + fx * (1 - fy) * h[iy * GRID + ix + 1] +
               (1 - fx) * fy * h[(iy + 1) * GRID + ix] + fx * fy * h[(iy + 1) * GRID + ix + 1] - p[2];
      }
      std::sort(d.begin(), d.end());
      for (int t = 1; t < NPTS; ++t) min_gap = std::fmin(min_gap, d[t] - d[t - 1]);
    }
    std::printf("smallest depth gap: %g\n", min_gap);
    check.expect(min_gap > 1e-5, "depths apart");
  }
#if CUAD_OUTPUT == 1
  std::vector<double> w = rng.vec(n_body);
  auto loss = [&] { return dot(w, run(pts, h)); };
  DeviceArray<double> d_p(pts), d_h(h), d_c(zeros<double>(n_body)), g_p(zeros<double>(pts.size())),
      g_h(zeros<double>(h.size())), g_c(w);
  CUAD_GRAD(CUAD_LAUNCH(topk_contact_cost_grad_0_1_3, n_body, NPTS, d_p.ptr, d_h.ptr, stiffness, d_c.ptr, g_p.ptr,
                        g_h.ptr, g_c.ptr));
  check.array("pts", g_p.get(), fd(pts, loss));
  check.array("heights", g_h.get(), fd(h, loss));
  check.array("cost", g_c.get(), zeros<double>(n_body));
#else
  std::vector<double> vp = rng.vec(pts.size()), vh = rng.vec(h.size());
  auto outputs_at = [&](double t) { return run(along(pts, t, vp), along(h, t, vh)); };
  DeviceArray<double> d_p(pts), d_h(h), d_c(zeros<double>(n_body)), t_p(vp), t_h(vh), t_c(zeros<double>(n_body));
  CUAD_GRAD(CUAD_LAUNCH(topk_contact_cost_pushforward_0_1_3, n_body, NPTS, d_p.ptr, d_h.ptr, stiffness, d_c.ptr,
                        t_p.ptr, t_h.ptr, t_c.ptr));
  check.array("cost tangent", t_c.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
