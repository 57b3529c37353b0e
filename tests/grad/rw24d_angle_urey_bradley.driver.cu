#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static double angle_of(const std::vector<float>& p, int i, int j, int k) {
  double u[3], v[3], uu = 0, vv = 0, uv = 0;
  for (int d = 0; d < 3; ++d) {
    u[d] = p[3 * i + d] - p[3 * j + d];
    v[d] = p[3 * k + d] - p[3 * j + d];
    uu += u[d] * u[d], vv += v[d] * v[d], uv += u[d] * v[d];
  }
  if (uu < 0.8 || vv < 0.8) return -1.0;
  return std::acos(uv / std::sqrt(uu * vv));
}

int main() {
  Checker check("rw24d_angle_urey_bradley");
  Rng rng(24102);
#if CUAD_OUTPUT == 1
  Vec3<float> a(1.1f, 0.2f, -0.3f), b(0.1f, -0.1f, 0.2f), c(-0.4f, 0.9f, 0.5f);
  AngleParam p{0.9f, 1.75f, 0.4f, 2.2f};
  auto loss = [&] { return (double)angle_ub_energy(a, b, c, p); };
  Vec3<float> ga, gb, gc;
  AngleParam gp{0.0f, 0.0f, 0.0f, 0.0f};
  CUAD_GRAD(angle_ub_energy_grad(a, b, c, p, &ga, &gb, &gc, &gp));
  for (auto pr : {std::make_pair(&a, &ga), std::make_pair(&b, &gb), std::make_pair(&c, &gc)}) {
    check.scalar("x", pr.second->x, fd(pr.first->x, loss));
    check.scalar("y", pr.second->y, fd(pr.first->y, loss));
    check.scalar("z", pr.second->z, fd(pr.first->z, loss));
  }
  check.scalar("k_theta", gp.k_theta, fd(p.k_theta, loss));
  check.scalar("theta0", gp.theta0, fd(p.theta0, loss));
  check.scalar("k_ub", gp.k_ub, fd(p.k_ub, loss));
  check.scalar("s0", gp.s0, fd(p.s0, loss));
#else
  const int n = 12, ntypes = 3;
  std::vector<float> pos = rng.vec<float>(3 * n, -1.8, 1.8);
  std::vector<int4> angles;
  for (int tries = 0; tries < 2000 && (int)angles.size() < 20; ++tries) {
    const int i = (int)rng.uniform(0, n), j = (int)rng.uniform(0, n), k = (int)rng.uniform(0, n);
    if (i == j || j == k || i == k) continue;
    const double th = angle_of(pos, i, j, k);
    if (th < 0.6 || th > 2.7) continue;
    angles.push_back(make_int4(i, j, k, (int)angles.size() % ntypes));
  }
  check.expect(angles.size() == 20, "20 angles");
  const int nang = (int)angles.size();
  std::vector<float> prm = {0.9f, 1.9f, 0.3f, 2.4f, 0.6f, 1.2f, 0.0f, 2.0f, 1.2f, 2.1f, 0.5f, 2.6f};
  std::vector<float> f0 = rng.vec<float>(3 * n, -0.5, 0.5), e0 = rng.vec<float>(n, -0.2, 0.2);
  DeviceArray<int4> d_a(angles);
  auto v3 = [](DeviceArray<float>& x) { return reinterpret_cast<Vec3<float>*>(x.ptr); };
  auto ap = [](DeviceArray<float>& x) { return reinterpret_cast<AngleParam*>(x.ptr); };
  auto run = [&](const std::vector<float>& p, const std::vector<float>& pr, const std::vector<float>& fin,
                 const std::vector<float>& ein) {
    DeviceArray<float> d_p(p), d_pr(pr), d_f(fin), d_e(ein);
    CUAD_LAUNCH(angle_forces<float>, 2, 4, nang, d_a.ptr, v3(d_p), ap(d_pr), v3(d_f), d_e.ptr);
    std::vector<float> out = d_f.get(), e = d_e.get();
    out.insert(out.end(), e.begin(), e.end());
    return out;
  };
#if CUAD_OUTPUT == 2
  const std::vector<float> wf = rng.vec<float>(3 * n), we = rng.vec<float>(n);
  std::vector<float> w = wf;
  w.insert(w.end(), we.begin(), we.end());
  auto loss = [&] { return dot(w, run(pos, prm, f0, e0)); };
  DeviceArray<float> d_p(pos), d_pr(prm), d_f(f0), d_e(e0), g_p(zeros<float>(3 * n)), g_pr(zeros<float>(4 * ntypes)),
      g_f(wf), g_e(we);
  CUAD_GRAD(CUAD_LAUNCH(angle_forces_grad_2_3_4_5<float>, 2, 4, nang, d_a.ptr, v3(d_p), ap(d_pr), v3(d_f), d_e.ptr, v3(g_p),
                        ap(g_pr), v3(g_f), g_e.ptr));
  check.array("pos", g_p.get(), fd(pos, loss));
  check.array("prm", g_pr.get(), fd(prm, loss));
  check.array("force", g_f.get(), fd(f0, loss));
  check.array("energy", g_e.get(), fd(e0, loss));
#else
  const std::vector<float> vp = rng.vec<float>(3 * n, -0.5, 0.5), vpr = rng.vec<float>(4 * ntypes, -0.3, 0.3),
                           vf = rng.vec<float>(3 * n), ve = rng.vec<float>(n);
  auto outputs_at = [&](double t) {
    return as_doubles(run(along(pos, t, vp), along(prm, t, vpr), along(f0, t, vf), along(e0, t, ve)));
  };
  DeviceArray<float> d_p(pos), d_pr(prm), d_f(f0), d_e(e0), t_p(vp), t_pr(vpr), t_f(vf), t_e(ve);
  CUAD_GRAD(CUAD_LAUNCH(angle_forces_pushforward<float>, 2, 4, nang, d_a.ptr, v3(d_p), ap(d_pr), v3(d_f), d_e.ptr,
                        v3(t_p), ap(t_pr), v3(t_f), t_e.ptr));
  std::vector<float> tan = t_f.get(), te = t_e.get();
  tan.insert(tan.end(), te.begin(), te.end());
  check.array("tangent", as_doubles(tan), directional_fd<float>(outputs_at), default_tol<float>());
#if !defined(CUAD_SELFTEST)
  std::vector<float> val = d_f.get(), ve2 = d_e.get();
  val.insert(val.end(), ve2.begin(), ve2.end());
  check.array("value", val, as_doubles(run(pos, prm, f0, e0)));
#endif
#endif
#endif
  return check.finish();
}
