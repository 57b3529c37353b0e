#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24d_tabulated_spline");
  Rng rng(24113);
  const int n = 30, npts = 14;
  const float dr = 0.2f, inv_dr = 1.0f / dr, box = 6.0f, rmax = (npts - 1) * dr, rlist = rmax + 0.3f;
  // a smooth tabulated potential: V(r) = 2 exp(-r^2 / 2) cos(2 r), values and slopes
  std::vector<float> table(2 * npts);
  for (int k = 0; k < npts; ++k) {
    const double r = k * dr, g = 2.0 * std::exp(-r * r / 2);
    table[2 * k] = (float)(g * std::cos(2 * r));
    table[2 * k + 1] = (float)(-r * g * std::cos(2 * r) - 2.0 * g * std::sin(2 * r));
  }
  auto mi = [&](double d) { return d - box * std::rint(d / box); };
  // every pair's mesh fraction away from the knots (the forces are only C0 there) and from rmax
  auto pair_ok = [&](double r) {
    if (r < 0.6) return false;
    if (std::fabs(r - rmax) < 0.05) return false;
    if (r >= rmax) return true;
    const double x = r * inv_dr, t = x - std::floor(x);
    return t > 0.12 && t < 0.88;
  };
  std::vector<float> pos;
  for (int tries = 0; (int)pos.size() < 3 * n && tries < 400000; ++tries) {
    const double p[3] = {rng.uniform(-box / 2, box / 2), rng.uniform(-box / 2, box / 2), rng.uniform(-box / 2, box / 2)};
    bool ok = true;
    for (size_t j = 0; j < pos.size() / 3 && ok; ++j) {
      const double dx = mi(p[0] - pos[3 * j]), dy = mi(p[1] - pos[3 * j + 1]), dz = mi(p[2] - pos[3 * j + 2]);
      ok = pair_ok(std::sqrt(dx * dx + dy * dy + dz * dz));
    }
    if (ok)
      for (int c = 0; c < 3; ++c) pos.push_back((float)p[c]);
  }
  check.expect((int)pos.size() == 3 * n, "placed every atom");
  std::vector<int> start(n + 1, 0), idx;
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      if (j == i) continue;
      const double dx = mi(pos[3 * i] - pos[3 * j]), dy = mi(pos[3 * i + 1] - pos[3 * j + 1]),
                   dz = mi(pos[3 * i + 2] - pos[3 * j + 2]);
      if (dx * dx + dy * dy + dz * dz < rlist * rlist) idx.push_back(j);
    }
    start[i + 1] = (int)idx.size();
  }
  std::printf("%zu list entries\n", idx.size());
  DeviceArray<int> d_st(start), d_idx(idx);
  const size_t smem = 2 * npts * sizeof(float);
  auto f3 = [](DeviceArray<float>& a) { return reinterpret_cast<float3*>(a.ptr); };
  auto run = [&](const std::vector<float>& p, const std::vector<float>& tab) {
    DeviceArray<float> d_p(p), d_t(tab), d_f(zeros<float>(3 * n)), d_e(zeros<float>(n));
    CUAD_LAUNCH_SHARED(tabulated_pair_forces, 2, 16, smem, n, f3(d_p), d_st.ptr, d_idx.ptr, box, d_t.ptr, npts, inv_dr,
                       f3(d_f), d_e.ptr);
    std::vector<float> out = d_f.get(), e = d_e.get();
    out.insert(out.end(), e.begin(), e.end());
    return out;
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> wf = rng.vec<float>(3 * n), we = rng.vec<float>(n);
  std::vector<float> w = wf;
  w.insert(w.end(), we.begin(), we.end());
  auto loss = [&] { return dot(w, run(pos, table)); };
  DeviceArray<float> d_p(pos), d_t(table), d_f(zeros<float>(3 * n)), d_e(zeros<float>(n)), g_p(zeros<float>(3 * n)),
      g_t(zeros<float>(2 * npts)), g_f(wf), g_e(we);
  CUAD_GRAD(CUAD_LAUNCH_SHARED(tabulated_pair_forces_grad_1_5_8_9, 2, 16, 2 * smem, n, f3(d_p), d_st.ptr, d_idx.ptr, box,
                               d_t.ptr, npts, inv_dr, f3(d_f), d_e.ptr, f3(g_p), g_t.ptr, f3(g_f), g_e.ptr));
  check.array("pos", g_p.get(), fd(pos, loss));
  check.array("table", g_t.get(), fd(table, loss));
  check.array("force", g_f.get(), zeros<double>(3 * n));
  check.array("energy", g_e.get(), zeros<double>(n));
#else
  const std::vector<float> vp = rng.vec<float>(3 * n, -0.5, 0.5), vt = rng.vec<float>(2 * npts, -0.3, 0.3);
  auto outputs_at = [&](double t) { return as_doubles(run(along(pos, t, vp), along(table, t, vt))); };
  DeviceArray<float> d_p(pos), d_t(table), d_f(zeros<float>(3 * n)), d_e(zeros<float>(n)), t_p(vp), t_t(vt),
      t_f(zeros<float>(3 * n)), t_e(zeros<float>(n));
  CUAD_GRAD(CUAD_LAUNCH_SHARED(tabulated_pair_forces_pushforward_1_5_8_9, 2, 16, 2 * smem, n, f3(d_p), d_st.ptr,
                               d_idx.ptr, box, d_t.ptr, npts, inv_dr, f3(d_f), d_e.ptr, f3(t_p), t_t.ptr, f3(t_f), t_e.ptr));
  std::vector<float> tan = t_f.get(), te = t_e.get();
  tan.insert(tan.end(), te.begin(), te.end());
  check.array("tangent", as_doubles(tan), directional_fd<float>(outputs_at), default_tol<float>());
#if !defined(CUAD_SELFTEST)
  std::vector<float> val = d_f.get(), ve = d_e.get();
  val.insert(val.end(), ve.begin(), ve.end());
  check.array("value", val, as_doubles(run(pos, table)));
#endif
#endif
  return check.finish();
}
