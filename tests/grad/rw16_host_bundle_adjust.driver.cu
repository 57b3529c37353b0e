#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static const int kCamFields = 9;
static std::vector<double> flat_cams(const std::vector<Camera>& c) {
  std::vector<double> o;
  for (const Camera& k : c)
    o.insert(o.end(), {k.aa[0], k.aa[1], k.aa[2], k.t[0], k.t[1], k.t[2], k.f, k.k1, k.k2});
  return o;
}
static std::vector<Camera> unflat_cams(const std::vector<double>& o) {
  std::vector<Camera> c(o.size() / kCamFields);
  for (size_t i = 0; i < c.size(); ++i) {
    const double* p = &o[kCamFields * i];
    for (int j = 0; j < 3; ++j) { c[i].aa[j] = p[j]; c[i].t[j] = p[3 + j]; }
    c[i].f = p[6]; c[i].k1 = p[7]; c[i].k2 = p[8];
  }
  return c;
}
static std::vector<double> flat_pts(const std::vector<double3>& v) {
  std::vector<double> o;
  for (const double3& p : v) o.insert(o.end(), {p.x, p.y, p.z});
  return o;
}
static std::vector<double3> unflat_pts(const std::vector<double>& o) {
  std::vector<double3> v(o.size() / 3);
  for (size_t i = 0; i < v.size(); ++i) v[i] = make_double3(o[3 * i], o[3 * i + 1], o[3 * i + 2]);
  return v;
}

int main() {
  Checker check("rw16_host_bundle_adjust");
  const int n_cams = 4, n_pts = 24;
  Rng rng(16003);
  std::vector<Camera> cams(n_cams);
  for (int c = 0; c < n_cams; ++c) {
    for (int j = 0; j < 3; ++j) cams[c].aa[j] = rng.uniform(-0.3, 0.3);
    cams[c].t[0] = rng.uniform(-0.2, 0.2);
    cams[c].t[1] = rng.uniform(-0.2, 0.2);
    cams[c].t[2] = -4.0 + rng.uniform(-0.3, 0.3);
    cams[c].f = 1.2 + 0.1 * c;  // normalized focal, pixels ~ O(1)
    cams[c].k1 = rng.uniform(-0.1, 0.1);
    cams[c].k2 = rng.uniform(-0.05, 0.05);
  }
  cams[3].aa[0] = 1e-7; cams[3].aa[1] = -2e-7; cams[3].aa[2] = 1.5e-7;  // small-angle branch
  std::vector<double3> pts(n_pts);
  for (int i = 0; i < n_pts; ++i)
    pts[i] = make_double3(rng.uniform(-1, 1), rng.uniform(-1, 1), rng.uniform(-1, 1));
  std::vector<Observation> obs;
  for (int i = 0; i < n_pts; ++i)
    for (int c = 0; c < n_cams; ++c)
      if ((i + c) % 4 != 0) obs.push_back(Observation{c, i, rng.uniform(-0.5, 0.5), rng.uniform(-0.5, 0.5)});
  const int n_obs = (int)obs.size();  // 72 observations: 2 blocks of 64, a grid-stride tail
  const double scale = 0.4;
  std::vector<double> fc = flat_cams(cams), fp = flat_pts(pts);
  auto loss = [&] {
    std::vector<Camera> c = unflat_cams(fc);
    std::vector<double3> p = unflat_pts(fp);
    return ba_cost(c.data(), n_cams, p.data(), n_pts, obs.data(), n_obs, scale);
  };
  std::vector<Camera> ac = unflat_cams(zeros<double>(fc.size()));
  std::vector<double3> ap = unflat_pts(zeros<double>(fp.size()));
  CUAD_GRAD(ba_cost_grad_0_2(cams.data(), n_cams, pts.data(), n_pts, obs.data(), n_obs, scale,
                             ac.data(), ap.data()));
  // the small-angle branch of camera 3 is first order: the FD of its rotation is checked
  // against the same first-order model: |aa| + 2h stays below the 1e-5 threshold
  check.array("cams", flat_cams(ac), fd(fc, loss));
  check.array("pts", flat_pts(ap), fd(fp, loss));
  return check.finish();
}
