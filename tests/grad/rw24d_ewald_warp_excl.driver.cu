#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24d_ewald_warp_excl");
  Rng rng(24104);
  const int nmol = 10, n = 3 * nmol;
  const float L[3] = {5.0f, 5.4f, 5.8f};
  const float rc = 2.3f, rlist = 2.6f;
  float alpha = 0.9f;
  auto mi = [&](double d, int k) { return d - L[k] * std::rint(d / L[k]); };
  // molecules: O at a random point in a box centred at 0, two H at distance 1 at ~105 deg
  std::vector<float> xyzq;
  for (int tries = 0; (int)xyzq.size() < 4 * n && tries < 100000; ++tries) {
    double o[3], h1[3], h2[3];
    for (int d = 0; d < 3; ++d) o[d] = rng.uniform(-L[d] / 2 + 0.2, L[d] / 2 - 0.2);
    const double th = rng.uniform(0, 6.28), ph = rng.uniform(0.5, 2.6);
    const double u[3] = {std::sin(ph) * std::cos(th), std::sin(ph) * std::sin(th), std::cos(ph)};
    double v[3] = {-u[1], u[0], 0.0};
    const double lv = std::sqrt(v[0] * v[0] + v[1] * v[1]);
    for (double& c : v) c /= lv;
    for (int d = 0; d < 3; ++d) {
      h1[d] = o[d] + 0.8 * u[d] + 0.6 * v[d];
      h2[d] = o[d] + 0.8 * u[d] - 0.6 * v[d];
    }
    const double* sites[3] = {o, h1, h2};
    bool ok = true;
    for (int s = 0; s < 3 && ok; ++s)
      for (size_t j = 0; j < xyzq.size() / 4 && ok; ++j) {
        double r2 = 0.0;
        for (int d = 0; d < 3; ++d) r2 += mi(sites[s][d] - xyzq[4 * j + d], d) * mi(sites[s][d] - xyzq[4 * j + d], d);
        const double r = std::sqrt(r2);
        if (r < 1.1 || std::fabs(r - rc) < 0.06) ok = false;
      }
    if (!ok) continue;
    const float charges[3] = {-0.82f, 0.41f, 0.41f};
    for (int s = 0; s < 3; ++s) {
      for (int d = 0; d < 3; ++d) xyzq.push_back((float)sites[s][d]);
      xyzq.push_back(charges[s] + (float)rng.uniform(-0.05, 0.05));
    }
  }
  check.expect((int)xyzq.size() == 4 * n, "placed every molecule");
  std::vector<int> ns(n + 1, 0), ni, es(n + 1, 0), ei;
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      if (j == i) continue;
      if (j / 3 == i / 3) {
        ei.push_back(j);
        continue;
      }
      double r2 = 0.0;
      for (int d = 0; d < 3; ++d) r2 += mi(xyzq[4 * i + d] - xyzq[4 * j + d], d) * mi(xyzq[4 * i + d] - xyzq[4 * j + d], d);
      if (r2 < rlist * rlist) ni.push_back(j);
    }
    ns[i + 1] = (int)ni.size();
    es[i + 1] = (int)ei.size();
  }
  std::printf("%zu neighbour entries, max per atom %d\n", ni.size(), [&] {
    int m = 0;
    for (int i = 0; i < n; ++i) m = std::max(m, ns[i + 1] - ns[i]);
    return m;
  }());
  DeviceArray<int> d_ns(ns), d_ni(ni), d_es(es), d_ei(ei);
  const float3 box = make_float3(L[0], L[1], L[2]);
  std::vector<float> f0 = rng.vec<float>(3 * n), e0 = rng.vec<float>(n);
  auto f4 = [](DeviceArray<float>& a) { return reinterpret_cast<float4*>(a.ptr); };
  const int threads = 64, blocks = (32 * n + threads - 1) / threads;
  auto run = [&](const std::vector<float>& p, float al, const std::vector<float>& fin, const std::vector<float>& ein) {
    DeviceArray<float> d_p(p), d_f(fin), d_e(ein);
    CUAD_LAUNCH(ewald_real_warp, blocks, threads, n, f4(d_p), d_ns.ptr, d_ni.ptr, d_es.ptr, d_ei.ptr, al, rc * rc, box,
                d_f.ptr, d_e.ptr);
    std::vector<float> out = d_f.get(), e = d_e.get();
    out.insert(out.end(), e.begin(), e.end());
    return out;
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> wf = rng.vec<float>(3 * n), we = rng.vec<float>(n);
  std::vector<float> w = wf;
  w.insert(w.end(), we.begin(), we.end());
  auto loss = [&] { return dot(w, run(xyzq, alpha, f0, e0)); };
  DeviceArray<float> d_p(xyzq), d_f(f0), d_e(e0), g_p(zeros<float>(4 * n)), g_f(wf), g_e(we);
  DeviceScalar<float> g_a;
  CUAD_GRAD(CUAD_LAUNCH(ewald_real_warp_grad_1_6_9_10, blocks, threads, n, f4(d_p), d_ns.ptr, d_ni.ptr, d_es.ptr,
                        d_ei.ptr, alpha, rc * rc, box, d_f.ptr, d_e.ptr, f4(g_p), g_a.ptr, g_f.ptr, g_e.ptr));
  check.array("xyzq", g_p.get(), fd(xyzq, loss));
  check.scalar("alpha", g_a.value(), fd(alpha, loss));
  check.array("force", g_f.get(), zeros<double>(3 * n));
  check.array("energy", g_e.get(), zeros<double>(n));
#else
  const std::vector<float> vp = rng.vec<float>(4 * n, -0.5, 0.5), vf = rng.vec<float>(3 * n), ve = rng.vec<float>(n);
  const float va = 0.4f;
  auto outputs_at = [&](double t) {
    return as_doubles(run(along(xyzq, t, vp), along(alpha, t, va), f0, e0));
  };
  DeviceArray<float> d_p(xyzq), d_f(f0), d_e(e0), t_p(vp), t_f(vf), t_e(ve);
  CUAD_GRAD(CUAD_LAUNCH(ewald_real_warp_pushforward_1_6_9_10, blocks, threads, n, f4(d_p), d_ns.ptr, d_ni.ptr, d_es.ptr,
                        d_ei.ptr, alpha, rc * rc, box, d_f.ptr, d_e.ptr, f4(t_p), va, t_f.ptr, t_e.ptr));
  std::vector<float> tan = t_f.get(), te = t_e.get();
  tan.insert(tan.end(), te.begin(), te.end());
  check.array("tangent", as_doubles(tan), directional_fd<float>(outputs_at), default_tol<float>());
#if !defined(CUAD_SELFTEST)
  std::vector<float> val = d_f.get(), ve2 = d_e.get();
  val.insert(val.end(), ve2.begin(), ve2.end());
  check.array("value", val, as_doubles(run(xyzq, alpha, f0, e0)));
#endif
#endif
  return check.finish();
}
