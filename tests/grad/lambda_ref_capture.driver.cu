#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;
static std::vector<P> toP(const std::vector<double>& f) {
  std::vector<P> p(f.size() / 2);
  for (size_t i = 0; i < p.size(); ++i) p[i] = P{f[2 * i], f[2 * i + 1]};
  return p;
}
int main() {
  Checker check("lambda_ref_capture");
  const int n = 16;
  Rng rng(4);
  std::vector<double> ps = rng.vec(2 * n), y0 = zeros<double>(n), w = rng.vec(n);
  auto run = [&](const std::vector<double>& pp) {
    DeviceArray<P> dp(toP(pp));
    DeviceArray<double> dy(y0);
    CUAD_LAUNCH(k, 1, n, dp.ptr, dy.ptr, n);
    return dy.get();
  };
#if CUAD_OUTPUT == 1
  auto loss = [&] { return dot(w, run(ps)); };
  DeviceArray<P> dp(toP(ps)), ap(toP(zeros<double>(2 * n)));
  DeviceArray<double> dy(y0), ay(w);
  CUAD_GRAD(CUAD_LAUNCH(k_grad_0_1, 1, n, dp.ptr, dy.ptr, n, ap.ptr, ay.ptr));
  std::vector<double> g;
  for (const P& p : ap.get()) { g.push_back(p.a); g.push_back(p.b); }
  check.array("ps", g, fd(ps, loss));
#else
  std::vector<double> vp = rng.vec(2 * n);
  auto outputs_at = [&](double t) { return run(along(ps, t, vp)); };
  DeviceArray<P> dp(toP(ps)), tp(toP(vp));
  DeviceArray<double> dy(y0), ty(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(k_pushforward, 1, n, dp.ptr, dy.ptr, n, tp.ptr, ty.ptr));
  check.array("out", ty.get(), directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
