#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

#if CUAD_OUTPUT == 1
constexpr int D = 2;
#else
constexpr int D = 3;
#endif

int main() {
  Checker check("rw24d_lj_dim_template");
  Rng rng(24115);
  const int n = D == 2 ? 18 : 36;
  const double Ls[3] = {6.0, 6.6, 7.0};
  const double rc = 2.5, rlist = 2.9;
  double eps = 0.8, sigma = 1.0;
  auto mi = [&](double d, int k) { return d - Ls[k] * std::floor(d / Ls[k] + 0.5); };
  std::vector<double> pos;
  for (int tries = 0; (int)pos.size() < D * n && tries < 400000; ++tries) {
    double p[3];
    for (int k = 0; k < D; ++k) p[k] = rng.uniform(-Ls[k] / 2, Ls[k] / 2);
    bool ok = true;
    for (size_t j = 0; j < pos.size() / D && ok; ++j) {
      double r2 = 0;
      for (int k = 0; k < D; ++k) r2 += mi(p[k] - pos[D * j + k], k) * mi(p[k] - pos[D * j + k], k);
      const double r = std::sqrt(r2);
      if (r < 1.05 || std::fabs(r - rc) < 0.02) ok = false;
    }
    if (ok)
      for (int k = 0; k < D; ++k) pos.push_back(p[k]);
  }
  check.expect((int)pos.size() == D * n, "placed every atom");
  std::vector<int> start(n + 1, 0), idx;
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      if (j == i) continue;
      double r2 = 0;
      for (int k = 0; k < D; ++k) r2 += mi(pos[D * i + k] - pos[D * j + k], k) * mi(pos[D * i + k] - pos[D * j + k], k);
      if (r2 < rlist * rlist) idx.push_back(j);
    }
    start[i + 1] = (int)idx.size();
  }
  std::printf("D = %d: %zu list entries\n", D, idx.size());
  DeviceArray<int> d_st(start), d_idx(idx);
  VecN<D> box;
  for (int k = 0; k < D; ++k) box.c[k] = Ls[k];
  auto vn = [](DeviceArray<double>& a) { return reinterpret_cast<VecN<D>*>(a.ptr); };
  auto run = [&](const std::vector<double>& p, double e, double s) {
    DeviceArray<double> d_p(p), d_f(zeros<double>(D * n)), d_e(zeros<double>(n));
    CUAD_LAUNCH(lj_shifted_force<D>, 2, 32, n, vn(d_p), d_st.ptr, d_idx.ptr, box, e, s, rc, vn(d_f), d_e.ptr);
    std::vector<double> out = d_f.get(), en = d_e.get();
    out.insert(out.end(), en.begin(), en.end());
    return out;
  };
#if CUAD_OUTPUT == 1
  const std::vector<double> wf = rng.vec(D * n), we = rng.vec(n);
  std::vector<double> w = wf;
  w.insert(w.end(), we.begin(), we.end());
  auto loss = [&] { return dot(w, run(pos, eps, sigma)); };
  DeviceArray<double> d_p(pos), d_f(zeros<double>(D * n)), d_e(zeros<double>(n)), g_p(zeros<double>(D * n)), g_f(wf),
      g_e(we);
  DeviceScalar<double> g_eps, g_sig;
  CUAD_GRAD(CUAD_LAUNCH(lj_shifted_force_grad_1_5_6_8_9<D>, 2, 32, n, vn(d_p), d_st.ptr, d_idx.ptr, box, eps, sigma, rc,
                        vn(d_f), d_e.ptr, vn(g_p), g_eps.ptr, g_sig.ptr, vn(g_f), g_e.ptr));
  check.array("pos", g_p.get(), fd(pos, loss));
  check.scalar("eps", g_eps.value(), fd(eps, loss));
  check.scalar("sigma", g_sig.value(), fd(sigma, loss));
  check.array("force", g_f.get(), zeros<double>(D * n));
  check.array("energy", g_e.get(), zeros<double>(n));
#else
  const std::vector<double> vp = rng.vec(D * n, -0.5, 0.5);
  const double veps = 0.3, vsig = -0.1;
  auto outputs_at = [&](double t) { return run(along(pos, t, vp), along(eps, t, veps), along(sigma, t, vsig)); };
  DeviceArray<double> d_p(pos), d_f(zeros<double>(D * n)), d_e(zeros<double>(n)), t_p(vp), t_f(zeros<double>(D * n)),
      t_e(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(lj_shifted_force_pushforward_1_5_6_8_9<D>, 2, 32, n, vn(d_p), d_st.ptr, d_idx.ptr, box, eps,
                        sigma, rc, vn(d_f), d_e.ptr, vn(t_p), veps, vsig, vn(t_f), t_e.ptr));
  std::vector<double> tan = t_f.get(), te = t_e.get();
  tan.insert(tan.end(), te.begin(), te.end());
  check.array("tangent", tan, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
