#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static std::vector<CstrParams> to_p(const std::vector<double>& v) {
  std::vector<CstrParams> p(v.size() / 6);
  for (size_t i = 0; i < p.size(); ++i) p[i] = {v[6 * i], v[6 * i + 1], v[6 * i + 2], v[6 * i + 3], v[6 * i + 4], v[6 * i + 5]};
  return p;
}
static std::vector<double> from_p(const std::vector<CstrParams>& p) {
  std::vector<double> v;
  for (auto& q : p) { v.push_back(q.Da); v.push_back(q.B); v.push_back(q.beta); v.push_back(q.gamma); v.push_back(q.xcin); v.push_back(q.tau); }
  return v;
}

int main() {
  Checker check("rw24b_cstr_free");
  const int n = 35, nsteps = 30;
  const double h = 0.05;
  Rng rng(24206);
  std::vector<double> pv(6 * n), x0(3 * n);
  for (int i = 0; i < n; ++i) {
    pv[6 * i] = rng.uniform(0.05, 0.1);
    pv[6 * i + 1] = rng.uniform(6.0, 9.0);
    pv[6 * i + 2] = rng.uniform(0.2, 0.5);
    pv[6 * i + 3] = rng.uniform(15.0, 25.0);
    pv[6 * i + 4] = rng.uniform(-0.5, 0.5);
    pv[6 * i + 5] = rng.uniform(0.5, 2.0);
    x0[3 * i] = rng.uniform(0.0, 0.3);
    x0[3 * i + 1] = rng.uniform(0.0, 1.5);
    x0[3 * i + 2] = rng.uniform(-0.5, 0.5);
  }
  std::vector<int> ctrl(n);
  for (int i = 0; i < n; ++i) ctrl[i] = (i % 3 == 1);
  const int grid = 2, block = 32;
#if CUAD_OUTPUT == 1 || CUAD_OUTPUT == 3
  std::vector<double> vp = rng.vec(6 * n, -0.02, 0.02), vx = rng.vec(3 * n, -0.2, 0.2);
  for (int i = 0; i < n; ++i) { vp[6 * i + 1] *= 50; vp[6 * i + 3] *= 100; vp[6 * i + 5] *= 10; }
#if CUAD_OUTPUT == 3
  vp = zeros<double>(6 * n);
#endif
  auto outputs_at = [&](double t) {
    DeviceArray<CstrParams> dp(to_p(along(pv, t, vp)));
    DeviceArray<double> dx(along(x0, t, vx)), xo(zeros<double>(3 * n)), ls(zeros<double>(n));
    DeviceArray<int> dc(ctrl);
    CUAD_LAUNCH(cstr_sweep, grid, block, dp.ptr, dx.ptr, dc.ptr, xo.ptr, ls.ptr, nsteps, h, n);
    std::vector<double> out = xo.get(), l = ls.get();
    out.insert(out.end(), l.begin(), l.end());
    return out;
  };
  DeviceArray<CstrParams> dp(to_p(pv)), tp(to_p(vp));
  DeviceArray<double> dx(x0), xo(zeros<double>(3 * n)), ls(zeros<double>(n)), tx(vx), txo(zeros<double>(3 * n)), tls(zeros<double>(n));
  DeviceArray<int> dc(ctrl);
#if CUAD_OUTPUT == 1
  CUAD_GRAD(CUAD_LAUNCH(cstr_sweep_pushforward, grid, block, dp.ptr, dx.ptr, dc.ptr, xo.ptr, ls.ptr, nsteps, h, n,
                        tp.ptr, tx.ptr, txo.ptr, tls.ptr, 0.0));
#else
  CUAD_GRAD(CUAD_LAUNCH(cstr_sweep_pushforward_1_3_4, grid, block, dp.ptr, dx.ptr, dc.ptr, xo.ptr, ls.ptr, nsteps, h, n,
                        tx.ptr, txo.ptr, tls.ptr));
#endif
  std::vector<double> tang = txo.get(), l = tls.get();
  tang.insert(tang.end(), l.begin(), l.end());
  check.array("tangent", tang, directional_fd<double>(outputs_at));
#else
  std::vector<double> wx = rng.vec(3 * n), wl = rng.vec(n);
  auto loss = [&] {
    DeviceArray<CstrParams> dp(to_p(pv));
    DeviceArray<double> dx(x0), xo(zeros<double>(3 * n)), ls(zeros<double>(n));
    DeviceArray<int> dc(ctrl);
    CUAD_LAUNCH(cstr_sweep, grid, block, dp.ptr, dx.ptr, dc.ptr, xo.ptr, ls.ptr, nsteps, h, n);
    return dot(wx, xo.get()) + dot(wl, ls.get());
  };
  DeviceArray<CstrParams> dp(to_p(pv)), ap(to_p(zeros<double>(6 * n)));
  DeviceArray<double> dx(x0), xo(zeros<double>(3 * n)), ls(zeros<double>(n)), ax(zeros<double>(3 * n)), axo(wx), als(wl);
  DeviceArray<int> dc(ctrl);
  CUAD_GRAD(CUAD_LAUNCH(cstr_sweep_grad_0_1_3_4, grid, block, dp.ptr, dx.ptr, dc.ptr, xo.ptr, ls.ptr, nsteps, h, n,
                        ap.ptr, ax.ptr, axo.ptr, als.ptr));
  check.array("prm", from_p(ap.get()), fd(pv, loss));
  check.array("x0", ax.get(), fd(x0, loss));
#endif
  return check.finish();
}
